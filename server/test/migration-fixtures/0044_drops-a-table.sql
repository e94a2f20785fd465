DROP TABLE "legacy_exports";
