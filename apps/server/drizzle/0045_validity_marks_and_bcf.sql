DROP INDEX "version_validity_findings_version_rule_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "bcf_validity" boolean;--> statement-breakpoint
CREATE INDEX "version_validity_findings_version_rule_step_idx" ON "version_validity_findings" USING btree ("file_version_id","rule","step_id");--> statement-breakpoint
CREATE INDEX "version_validity_findings_version_rule_guid_idx" ON "version_validity_findings" USING btree ("file_version_id","rule","global_id");