-- Decision 0437 (issue 34): a version's elements and results in fewer bytes. The indexes the SQL
-- explorer store's sorts used (the explorer reads Parquet files since 0435) go, with the three of
-- migration 0008 that the Drizzle schema never described; the primary keys, whose version column is
-- the same on every row of a partition, give way to indexes without it, filled to the brim (the
-- partitions are written once). The properties' fingerprint becomes its 12 bytes: the type change
-- rewrites every version's partition of elements, as writing those rows took.
DROP INDEX IF EXISTS "elements_version_class_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "elements_version_level_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "elements_version_global_id_idx";--> statement-breakpoint
DROP INDEX "element_results_specification_idx";--> statement-breakpoint
DROP INDEX "elements_category_asc_idx";--> statement-breakpoint
DROP INDEX "elements_category_desc_idx";--> statement-breakpoint
ALTER TABLE "element_results" DROP CONSTRAINT "element_results_file_version_id_specification_id_element_step_id_pk";--> statement-breakpoint
ALTER TABLE "elements" DROP CONSTRAINT "elements_file_version_id_step_id_pk";--> statement-breakpoint
ALTER TABLE "elements" ALTER COLUMN "property_hash" SET DATA TYPE bytea USING decode("property_hash", 'hex');--> statement-breakpoint
CREATE INDEX "element_results_specification_element_idx" ON "element_results" USING btree ("specification_id","element_step_id") WITH (fillfactor=100);--> statement-breakpoint
CREATE INDEX "elements_step_idx" ON "elements" USING btree ("step_id") WITH (fillfactor=100);--> statement-breakpoint
CREATE INDEX "elements_global_id_idx" ON "elements" USING hash ("global_id") WITH (fillfactor=100);