ALTER TABLE "version_result_totals" ADD COLUMN "passed_elements" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "version_result_totals" ADD COLUMN "warning_elements" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "version_result_totals" ADD COLUMN "failed_elements" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows written before: their counts from the element_compliance rows the Overview used to count live.
UPDATE "version_result_totals" t SET "passed_elements" = c.passed, "warning_elements" = c.warning, "failed_elements" = c.failed
FROM (
  SELECT file_version_id, count(*) FILTER (WHERE status = 1) AS passed, count(*) FILTER (WHERE status = 2) AS warning,
    count(*) FILTER (WHERE status = 3) AS failed
  FROM element_compliance GROUP BY file_version_id
) c
WHERE c.file_version_id = t.file_version_id;
