CREATE TABLE "receipt_numbers" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_numbers_one_row_check" CHECK ("receipt_numbers"."id" = 1)
);
