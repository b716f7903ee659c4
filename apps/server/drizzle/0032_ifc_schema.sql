ALTER TABLE "file_versions" ADD COLUMN "ifc_schema" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "ifc_schema_substitution" jsonb;