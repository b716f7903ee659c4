-- pg_trgm (a trusted contrib extension, shipped with the embedded PostgreSQL) for the metadata
-- search's ILIKE '%term%' index on values (decision 0168).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "version_result_totals" (
	"file_version_id" uuid PRIMARY KEY NOT NULL,
	"applicable_pairs" bigint NOT NULL,
	"passed_pairs" bigint NOT NULL,
	"checked" bigint NOT NULL,
	"missing" bigint NOT NULL,
	"empty" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"applicable_elements" bigint NOT NULL,
	"compliant_elements" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "version_result_totals" ADD CONSTRAINT "version_result_totals_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "element_properties_value_trgm_idx" ON "element_properties" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "elements_category_asc_idx" ON "elements" USING btree ("file_version_id","category","step_id");--> statement-breakpoint
CREATE INDEX "elements_category_desc_idx" ON "elements" USING btree ("file_version_id","category" DESC NULLS LAST,"step_id");