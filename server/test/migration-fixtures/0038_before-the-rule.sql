-- Before the rule's baseline: not checked.
ALTER TABLE "people" DROP COLUMN "fax";
