CREATE TABLE "element_compliance" (
	"file_version_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "element_compliance_file_version_id_element_step_id_pk" PRIMARY KEY("file_version_id","element_step_id")
);
--> statement-breakpoint
CREATE TABLE "specification_compliance" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"warning_count" integer NOT NULL,
	"unpopulated_count" integer NOT NULL,
	"failed_facet_count" integer NOT NULL,
	CONSTRAINT "specification_compliance_file_version_id_specification_id_pk" PRIMARY KEY("file_version_id","specification_id")
);
--> statement-breakpoint
ALTER TABLE "element_compliance" ADD CONSTRAINT "element_compliance_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_compliance" ADD CONSTRAINT "specification_compliance_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_compliance" ADD CONSTRAINT "specification_compliance_specification_id_ids_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."ids_specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "element_compliance_version_status_idx" ON "element_compliance" USING btree ("file_version_id","status");--> statement-breakpoint
-- Backfill the versions checked before this migration, by the rules compliance/summaries.ts writes
-- with every new result set (decisions 0081, 0082).
INSERT INTO "specification_compliance" ("file_version_id", "specification_id", "warning_count", "unpopulated_count", "failed_facet_count")
SELECT c.file_version_id, c.specification_id, c.warning, c.unpopulated, coalesce(f.n, 0)
FROM (
  SELECT er.file_version_id, er.specification_id,
    count(*) FILTER (WHERE jsonb_array_length(s.requirement_facets) > 0 AND jsonb_array_length(er.failures) > 0
      AND (jsonb_array_length(s.requirement_facets) - jsonb_array_length(er.failures)) * 2 >= jsonb_array_length(s.requirement_facets))::int AS warning,
    count(*) FILTER (WHERE jsonb_path_exists(er.failures, '$[*] ? (!(exists(@.actualValue)))'))::int AS unpopulated
  FROM element_results er JOIN ids_specifications s ON s.id = er.specification_id
  WHERE NOT er.passed
  GROUP BY er.file_version_id, er.specification_id
) c LEFT JOIN (
  SELECT er.file_version_id, er.specification_id, count(DISTINCT (fa.value ->> 'facetIndex')::int)::int AS n
  FROM element_results er, jsonb_array_elements(er.failures) fa
  WHERE NOT er.passed
  GROUP BY er.file_version_id, er.specification_id
) f ON f.file_version_id = c.file_version_id AND f.specification_id = c.specification_id;
--> statement-breakpoint
INSERT INTO "element_compliance" ("file_version_id", "element_step_id", "status")
SELECT er.file_version_id, er.element_step_id,
  max(CASE WHEN er.passed THEN (CASE WHEN jsonb_array_length(s.requirement_facets) = 0 THEN 0 ELSE 1 END)
    WHEN jsonb_array_length(s.requirement_facets) > 0 AND jsonb_array_length(er.failures) > 0
      AND (jsonb_array_length(s.requirement_facets) - jsonb_array_length(er.failures)) * 2 >= jsonb_array_length(s.requirement_facets) THEN 2
    ELSE 3 END)
FROM element_results er JOIN ids_specifications s ON s.id = er.specification_id
GROUP BY er.file_version_id, er.element_step_id
HAVING max(CASE WHEN er.passed THEN (CASE WHEN jsonb_array_length(s.requirement_facets) = 0 THEN 0 ELSE 1 END) ELSE 3 END) > 0;
