ALTER TABLE "file_versions" ADD COLUMN "result_key" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "explorer_file_key" text;--> statement-breakpoint
CREATE INDEX "file_versions_result_key_idx" ON "file_versions" USING btree ("result_key");--> statement-breakpoint
CREATE INDEX "file_versions_explorer_file_key_idx" ON "file_versions" USING btree ("explorer_file_key");