CREATE TABLE "specification_facet_failures" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"facet_index" integer NOT NULL,
	"failed_count" integer NOT NULL,
	CONSTRAINT "specification_facet_failures_file_version_id_specification_id_facet_index_pk" PRIMARY KEY("file_version_id","specification_id","facet_index")
);
--> statement-breakpoint
ALTER TABLE "specification_facet_failures" ADD CONSTRAINT "specification_facet_failures_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_facet_failures" ADD CONSTRAINT "specification_facet_failures_specification_id_ids_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."ids_specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill versions checked before this migration (decision 0085); later ones are written with their results.
INSERT INTO "specification_facet_failures" ("file_version_id", "specification_id", "facet_index", "failed_count")
SELECT er.file_version_id, er.specification_id, (f->>'facetIndex')::int, count(DISTINCT er.element_step_id)::int
FROM element_results er CROSS JOIN LATERAL jsonb_array_elements(er.failures) f
WHERE NOT er.passed AND EXISTS (SELECT 1 FROM ids_specifications s WHERE s.id = er.specification_id)
GROUP BY 1, 2, 3;
