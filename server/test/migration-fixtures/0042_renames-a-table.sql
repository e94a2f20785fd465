-- cleanup-of: 0050
ALTER TABLE "people" RENAME TO "persons";
