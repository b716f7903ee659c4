ALTER TABLE "file_versions" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "file_versions" SET "checked_at" = "processed_at" WHERE "status" = 'completed';
