-- Issue 15 point 3, decision 0191: a version's property rows live in a table of their own, a LIST
-- partition of element_properties on file_version_id. Processing creates it in its write transaction,
-- COPYs the rows in with no index to maintain (and no WAL on the embedded server), and attaches it
-- at the end, which builds the indexes in one pass; deleting a version drops its partition.
-- The one name of a version's partition of a table (the writer and the delete trigger both use it).
CREATE FUNCTION plumbline_version_partition(parent text, version uuid) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT parent || '_' || replace(version::text, '-', '') $$;
--> statement-breakpoint
ALTER TABLE "element_properties" RENAME TO "element_properties_unpartitioned";
--> statement-breakpoint
ALTER INDEX "element_properties_version_element_idx" RENAME TO "element_properties_unpartitioned_version_element_idx";
--> statement-breakpoint
ALTER INDEX "element_properties_value_trgm_idx" RENAME TO "element_properties_unpartitioned_value_trgm_idx";
--> statement-breakpoint
ALTER INDEX IF EXISTS "element_properties_version_set_name_idx" RENAME TO "element_properties_unpartitioned_version_set_name_idx";
--> statement-breakpoint
ALTER INDEX IF EXISTS "element_properties_version_name_idx" RENAME TO "element_properties_unpartitioned_version_name_idx";
--> statement-breakpoint
CREATE TABLE "element_properties" (
	"file_version_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"property_set" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"data_type" text
) PARTITION BY LIST ("file_version_id");
--> statement-breakpoint
CREATE INDEX "element_properties_version_element_idx" ON "element_properties" USING btree ("file_version_id","element_step_id");
--> statement-breakpoint
CREATE INDEX "element_properties_value_trgm_idx" ON "element_properties" USING gin ("value" gin_trgm_ops);
--> statement-breakpoint
-- Made by migration 0008 and now in the Drizzle schema too.
CREATE INDEX "element_properties_version_set_name_idx" ON "element_properties" USING btree ("file_version_id","property_set","name");
--> statement-breakpoint
CREATE INDEX "element_properties_version_name_idx" ON "element_properties" USING btree ("file_version_id","name");
--> statement-breakpoint
DO $$
DECLARE version uuid;
BEGIN
  FOR version IN SELECT DISTINCT file_version_id FROM element_properties_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF element_properties FOR VALUES IN (%L)',
      plumbline_version_partition('element_properties', version), version);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "element_properties" ("file_version_id", "element_step_id", "property_set", "name", "value", "data_type")
  SELECT "file_version_id", "element_step_id", "property_set", "name", "value", "data_type" FROM "element_properties_unpartitioned";
--> statement-breakpoint
DROP TABLE "element_properties_unpartitioned";
--> statement-breakpoint
-- A deleted version's property rows go with their partition: one DROP instead of a row-by-row
-- delete. The DROP needs the parent table's ACCESS EXCLUSIVE lock, and while it waits for it (a
-- processing write holds a weaker lock on the parent until its commit) every reader of the table
-- queues behind it; so it waits 100 ms at most, then deletes the rows as before and leaves the empty
-- partition for a later delete to drop (plumbline_drop_orphan_partitions).
CREATE FUNCTION plumbline_try_drop_partition(partition text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE waited text := current_setting('lock_timeout');
BEGIN
  PERFORM set_config('lock_timeout', '100ms', true);
  EXECUTE format('DROP TABLE IF EXISTS %I', partition);
  PERFORM set_config('lock_timeout', waited, true);
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END;
$$;
--> statement-breakpoint
-- Empty partitions left by plumbline_delete_version_rows: their version is gone (the name ends in its id).
CREATE FUNCTION plumbline_drop_orphan_partitions(parent text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE orphan text;
BEGIN
  FOR orphan IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent::regclass
      AND NOT EXISTS (SELECT 1 FROM file_versions v WHERE v.id = substr(c.relname, length(parent) + 2)::uuid)
  LOOP
    IF NOT plumbline_try_drop_partition(orphan) THEN RETURN; END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_delete_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE partition text := plumbline_version_partition('element_properties', OLD.id);
BEGIN
  IF to_regclass(quote_ident(partition)) IS NOT NULL AND NOT plumbline_try_drop_partition(partition) THEN
    EXECUTE format('DELETE FROM %I', partition);
  END IF;
  PERFORM plumbline_drop_orphan_partitions('element_properties');
  DELETE FROM element_results WHERE file_version_id = OLD.id;
  RETURN OLD;
END;
$$;
