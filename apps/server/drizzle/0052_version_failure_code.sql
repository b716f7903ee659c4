ALTER TABLE "file_versions" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
-- A failed version's reason becomes a code and its values (issue 31): the sentences written so far map
-- back to theirs; the IFC reader's diagnostics (lower case, or "line N: …") to unreadable with the text
-- as its detail; any other text to unknown, kept as its detail.
UPDATE "file_versions" SET
  "error_code" = CASE
    WHEN "error" = 'The ACC import is not set up on this installation.' THEN 'acc_not_configured'
    WHEN "error" = 'The project is no longer connected to ACC.' THEN 'acc_disconnected'
    WHEN "error" = 'The file could not be fetched from ACC.' THEN 'acc_unavailable'
    WHEN "error" = 'The file is not an IFC (STEP) file' THEN 'acc_not_ifc'
    WHEN "error" ~ '^The RVT to IFC translation took longer than [0-9]+ minutes\.$' THEN 'acc_translation_timeout'
    WHEN "error" ~ '^The file is larger than the upload limit of [0-9]+ bytes\.$' THEN 'acc_too_large'
    WHEN "error" = 'Processing failed: The stored model file could not be read.' THEN 'model_file_unreadable'
    WHEN "error" ~ '^Processing stopped: it ran longer than its time limit of [0-9]+ (second|minute)s? \(PROCESSING_TIME_LIMIT_SECONDS\)\.$' THEN 'time_limit'
    WHEN "error" LIKE 'Processing failed: %' THEN 'processing_failed'
    WHEN "error" ~ '^(line [0-9]+: |the file |the DATA section |the header |the HEADER section |not an IFC STEP file|schema \S+ is not supported|expected |comment is not closed|DATA section header |a header entity |header entity )' THEN 'unreadable'
    ELSE 'unknown'
  END,
  "error_params" = CASE
    WHEN "error" ~ '^The RVT to IFC translation took longer than [0-9]+ minutes\.$'
      THEN jsonb_build_object('minutes', substring("error" from '([0-9]+) minutes')::int)
    WHEN "error" ~ '^The file is larger than the upload limit of [0-9]+ bytes\.$'
      THEN jsonb_build_object('bytes', substring("error" from '([0-9]+) bytes')::bigint)
    WHEN "error" ~ '^Processing stopped: it ran longer than its time limit of [0-9]+ minutes? '
      THEN jsonb_build_object('minutes', substring("error" from 'of ([0-9]+) minute')::int)
    WHEN "error" ~ '^Processing stopped: it ran longer than its time limit of [0-9]+ seconds? '
      THEN jsonb_build_object('seconds', substring("error" from 'of ([0-9]+) second')::int)
    WHEN "error" IN ('The ACC import is not set up on this installation.', 'The project is no longer connected to ACC.',
      'The file could not be fetched from ACC.', 'The file is not an IFC (STEP) file',
      'Processing failed: The stored model file could not be read.')
      THEN '{}'::jsonb
    WHEN "error" LIKE 'Processing failed: %'
      THEN jsonb_build_object('detail', substr("error", length('Processing failed: ') + 1))
    ELSE jsonb_build_object('detail', "error")
  END
WHERE "error" IS NOT NULL;
