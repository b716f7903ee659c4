ALTER TABLE "reports" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "failure_detail" text;--> statement-breakpoint
-- A failed report's reason becomes a code (issue 31): the three sentences written so far map back to theirs.
UPDATE "reports" SET
  "failure_code" = CASE
    WHEN "error_message" = 'No files found: upload files first.' THEN 'no_files'
    WHEN "error_message" = 'Its author no longer exists.' THEN 'author_gone'
    ELSE 'generation_failed'
  END,
  "failure_detail" = CASE
    WHEN "error_message" LIKE 'Report generation failed: %' THEN substr("error_message", length('Report generation failed: ') + 1)
    WHEN "error_message" IN ('No files found: upload files first.', 'Its author no longer exists.') THEN NULL
    ELSE "error_message"
  END
WHERE "error_message" IS NOT NULL;
