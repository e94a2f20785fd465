-- cleanup-of: 0039
ALTER TABLE "people" DROP COLUMN "name";
