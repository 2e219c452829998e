ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_import_uuid_imports_uuid_fk";
--> statement-breakpoint
ALTER TABLE "import_rows" SET UNLOGGED;