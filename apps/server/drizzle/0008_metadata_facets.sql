CREATE TABLE "metadata_facets" (
	"file_version_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "metadata_facets_file_version_id_facet_key_pk" PRIMARY KEY("file_version_id","facet","key")
);
--> statement-breakpoint
ALTER TABLE "metadata_facets" ADD CONSTRAINT "metadata_facets_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Metadata explorer reads (decision 0090), added by hand: drizzle-kit keeps these tables' own schema files.
-- Element-level filters and sorts walk elements in order, then each element's property rows.
CREATE INDEX "elements_version_class_idx" ON "elements" USING btree ("file_version_id","ifc_class","step_id");--> statement-breakpoint
CREATE INDEX "elements_version_level_idx" ON "elements" USING btree ("file_version_id","level","step_id");--> statement-breakpoint
CREATE INDEX "elements_version_global_id_idx" ON "elements" USING btree ("file_version_id","global_id");--> statement-breakpoint
-- Property set / attribute filters and sorts without reading every row of the version.
CREATE INDEX "element_properties_version_set_name_idx" ON "element_properties" USING btree ("file_version_id","property_set","name");--> statement-breakpoint
CREATE INDEX "element_properties_version_name_idx" ON "element_properties" USING btree ("file_version_id","name");
