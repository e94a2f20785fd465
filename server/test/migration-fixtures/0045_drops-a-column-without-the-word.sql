ALTER TABLE people DROP nickname;
