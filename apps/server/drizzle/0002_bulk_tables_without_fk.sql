ALTER TABLE "element_properties" DROP CONSTRAINT "element_properties_file_version_id_file_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "element_results" DROP CONSTRAINT "element_results_file_version_id_file_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "element_results" DROP CONSTRAINT "element_results_specification_id_ids_specifications_id_fk";
--> statement-breakpoint
CREATE INDEX "element_results_specification_idx" ON "element_results" USING btree ("specification_id");