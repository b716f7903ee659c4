ALTER TABLE "element_compliance" DROP CONSTRAINT "element_compliance_file_version_id_file_versions_id_fk";
--> statement-breakpoint
-- Decision 0198: element_compliance's rows (one per element with a status, 160,173 for the 200 MB
-- bench model) lose the per-row foreign key check; they go with their version here instead.
CREATE OR REPLACE FUNCTION plumbline_delete_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plumbline_drop_version_partition('element_properties', OLD.id);
  PERFORM plumbline_drop_version_partition('elements', OLD.id);
  PERFORM plumbline_drop_version_partition('element_results', OLD.id);
  DELETE FROM element_compliance WHERE file_version_id = OLD.id;
  RETURN OLD;
END;
$$;
