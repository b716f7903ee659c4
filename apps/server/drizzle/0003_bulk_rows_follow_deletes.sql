-- element_properties and element_results carry no foreign keys (a per-row check halved bulk-insert
-- speed, decision 0071). These triggers give them the cascade a foreign key would: deleting a file
-- version (directly or through its file or project) or an IDS specification deletes their rows.
CREATE OR REPLACE FUNCTION plumbline_delete_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM element_properties WHERE file_version_id = OLD.id;
  DELETE FROM element_results WHERE file_version_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER file_versions_delete_bulk_rows AFTER DELETE ON file_versions
  FOR EACH ROW EXECUTE FUNCTION plumbline_delete_version_rows();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_delete_specification_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM element_results WHERE specification_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ids_specifications_delete_bulk_rows AFTER DELETE ON ids_specifications
  FOR EACH ROW EXECUTE FUNCTION plumbline_delete_specification_rows();
