-- Decision 0452: every committed change to a table the kept project answers are made of raises its
-- project's counter in project_revisions. Constraint triggers deferred to commit, so the counter's
-- row is locked only while the transaction commits (a long processing write does not hold it), and
-- once per project per transaction (a transaction-local setting remembers it).
CREATE OR REPLACE FUNCTION plumbline_raise_revision(p uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  seen text := 'plumbline_rev.p' || replace(p::text, '-', '');
BEGIN
  IF p IS NULL OR current_setting(seen, true) = '1' THEN
    RETURN;
  END IF;
  INSERT INTO project_revisions (project_id, revision) VALUES (p, 1)
    ON CONFLICT (project_id) DO UPDATE SET revision = project_revisions.revision + 1;
  PERFORM set_config(seen, '1', true);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_of_version(v uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  seen text := 'plumbline_rev.v' || replace(v::text, '-', '');
BEGIN
  IF v IS NULL OR current_setting(seen, true) = '1' THEN
    RETURN;
  END IF;
  -- A version deleted with its file: the file's own trigger raised the project.
  PERFORM plumbline_raise_revision(
    (SELECT bf.project_id FROM file_versions fv JOIN bim_files bf ON bf.id = fv.bim_file_id WHERE fv.id = v));
  PERFORM set_config(seen, '1', true);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_by_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM plumbline_raise_revision(OLD.project_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM plumbline_raise_revision(NEW.project_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM plumbline_raise_revision(OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM plumbline_raise_revision(NEW.id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_by_bim_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A row deleted with its file: the file's own trigger raised the project.
  IF TG_OP <> 'INSERT' THEN
    PERFORM plumbline_raise_revision((SELECT project_id FROM bim_files WHERE id = OLD.bim_file_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM plumbline_raise_revision((SELECT project_id FROM bim_files WHERE id = NEW.bim_file_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_by_ids_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM plumbline_raise_revision((SELECT project_id FROM ids_files WHERE id = OLD.ids_file_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM plumbline_raise_revision((SELECT project_id FROM ids_files WHERE id = NEW.ids_file_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plumbline_revision_by_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM plumbline_revision_of_version(OLD.file_version_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM plumbline_revision_of_version(NEW.file_version_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON projects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON project_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_project();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON bim_files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_project();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON ids_files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_project();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON file_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_bim_file();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON waivers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_project();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON ids_specifications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_ids_file();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON specification_results
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON specification_compliance
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON version_result_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plumbline_revision AFTER INSERT OR UPDATE OR DELETE ON version_comparisons
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumbline_revision_by_version();
