-- Issue 15 point 3, decision 0196: a version's elements and element results live in tables of their
-- own too, LIST partitions on file_version_id as element_properties' are (migration 0034): processing
-- COPYs them in with no index to maintain and attaches them at the end; deleting a version drops them.
-- The view named_objects (0030) is bound to the elements table it was made on: it goes and comes back.
-- elements loses its foreign key to file_versions: attaching a partition to a table with one takes an
-- ACCESS EXCLUSIVE lock on file_versions until the commit, which would stop every request reading
-- versions for the rest of the write. The delete trigger below takes its rows with their version, as
-- it does element_properties' and element_results' (decision 0071).
DROP VIEW "named_objects";
--> statement-breakpoint
ALTER TABLE "elements" RENAME TO "elements_unpartitioned";
--> statement-breakpoint
ALTER TABLE "elements_unpartitioned" RENAME CONSTRAINT "elements_file_version_id_step_id_pk" TO "elements_unpartitioned_pk";
--> statement-breakpoint
ALTER INDEX "elements_version_class_idx" RENAME TO "elements_unpartitioned_version_class_idx";
--> statement-breakpoint
ALTER INDEX "elements_version_level_idx" RENAME TO "elements_unpartitioned_version_level_idx";
--> statement-breakpoint
ALTER INDEX "elements_version_global_id_idx" RENAME TO "elements_unpartitioned_version_global_id_idx";
--> statement-breakpoint
ALTER INDEX "elements_category_asc_idx" RENAME TO "elements_unpartitioned_category_asc_idx";
--> statement-breakpoint
ALTER INDEX "elements_category_desc_idx" RENAME TO "elements_unpartitioned_category_desc_idx";
--> statement-breakpoint
CREATE TABLE "elements" (
	"file_version_id" uuid NOT NULL,
	"step_id" integer NOT NULL,
	"global_id" text,
	"ifc_class" text NOT NULL,
	"name" text,
	"type_name" text,
	"predefined_type" text,
	"level" text,
	"category" text,
	"predefined_type_user_defined" boolean DEFAULT false NOT NULL,
	CONSTRAINT "elements_file_version_id_step_id_pk" PRIMARY KEY("file_version_id","step_id")
) PARTITION BY LIST ("file_version_id");
--> statement-breakpoint
-- Made by migration 0008 (not in the Drizzle schema).
CREATE INDEX "elements_version_class_idx" ON "elements" USING btree ("file_version_id","ifc_class","step_id");
--> statement-breakpoint
CREATE INDEX "elements_version_level_idx" ON "elements" USING btree ("file_version_id","level","step_id");
--> statement-breakpoint
CREATE INDEX "elements_version_global_id_idx" ON "elements" USING btree ("file_version_id","global_id");
--> statement-breakpoint
CREATE INDEX "elements_category_asc_idx" ON "elements" USING btree ("file_version_id","category","step_id");
--> statement-breakpoint
CREATE INDEX "elements_category_desc_idx" ON "elements" USING btree ("file_version_id","category" DESC NULLS LAST,"step_id");
--> statement-breakpoint
DO $$
DECLARE version uuid;
BEGIN
  FOR version IN SELECT DISTINCT file_version_id FROM elements_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF elements FOR VALUES IN (%L)',
      plumbline_version_partition('elements', version), version);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "elements" ("file_version_id", "step_id", "global_id", "ifc_class", "name", "type_name", "predefined_type", "level", "category", "predefined_type_user_defined")
  SELECT "file_version_id", "step_id", "global_id", "ifc_class", "name", "type_name", "predefined_type", "level", "category", "predefined_type_user_defined" FROM "elements_unpartitioned";
--> statement-breakpoint
DROP TABLE "elements_unpartitioned";
--> statement-breakpoint
CREATE VIEW "named_objects" AS
	SELECT "file_version_id", "step_id", "global_id", "ifc_class", "name", "level" FROM "elements"
	UNION ALL
	SELECT "file_version_id", "step_id", "global_id", "ifc_class", "name", NULL::text FROM "result_entities";
--> statement-breakpoint
ALTER TABLE "element_results" RENAME TO "element_results_unpartitioned";
--> statement-breakpoint
ALTER TABLE "element_results_unpartitioned" RENAME CONSTRAINT "element_results_file_version_id_specification_id_element_step_id_pk" TO "element_results_unpartitioned_pk";
--> statement-breakpoint
ALTER INDEX "element_results_specification_idx" RENAME TO "element_results_unpartitioned_specification_idx";
--> statement-breakpoint
-- No foreign keys, as since migration 0002: the triggers below and of 0003 delete the rows with their
-- version or specification.
CREATE TABLE "element_results" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"passed" boolean NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "element_results_file_version_id_specification_id_element_step_id_pk" PRIMARY KEY("file_version_id","specification_id","element_step_id")
) PARTITION BY LIST ("file_version_id");
--> statement-breakpoint
CREATE INDEX "element_results_specification_idx" ON "element_results" USING btree ("specification_id");
--> statement-breakpoint
DO $$
DECLARE version uuid;
BEGIN
  FOR version IN SELECT DISTINCT file_version_id FROM element_results_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF element_results FOR VALUES IN (%L)',
      plumbline_version_partition('element_results', version), version);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "element_results" ("file_version_id", "specification_id", "element_step_id", "passed", "failures")
  SELECT "file_version_id", "specification_id", "element_step_id", "passed", "failures" FROM "element_results_unpartitioned";
--> statement-breakpoint
DROP TABLE "element_results_unpartitioned";
--> statement-breakpoint
-- A version's partition of one table goes with the version: dropped, or when the table's lock is not
-- to be had within 100 ms, emptied and left for a later delete to drop (as in 0034).
CREATE FUNCTION plumbline_drop_version_partition(parent text, version uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE partition text := plumbline_version_partition(parent, version);
BEGIN
  IF to_regclass(quote_ident(partition)) IS NOT NULL AND NOT plumbline_try_drop_partition(partition) THEN
    EXECUTE format('DELETE FROM %I', partition);
  END IF;
  PERFORM plumbline_drop_orphan_partitions(parent);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_delete_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plumbline_drop_version_partition('element_properties', OLD.id);
  PERFORM plumbline_drop_version_partition('elements', OLD.id);
  PERFORM plumbline_drop_version_partition('element_results', OLD.id);
  RETURN OLD;
END;
$$;
