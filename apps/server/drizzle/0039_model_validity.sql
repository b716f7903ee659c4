CREATE TABLE "version_validity_findings" (
	"file_version_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"step_id" integer,
	"global_id" text,
	"ifc_class" text,
	"message_id" text NOT NULL,
	"message_values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_validity_rules" (
	"file_version_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"outcome" text NOT NULL,
	"finding_count" integer NOT NULL,
	CONSTRAINT "version_validity_rules_file_version_id_rule_pk" PRIMARY KEY("file_version_id","rule")
);
--> statement-breakpoint
ALTER TABLE "version_validity_findings" ADD CONSTRAINT "version_validity_findings_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_validity_rules" ADD CONSTRAINT "version_validity_rules_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "version_validity_findings_version_rule_idx" ON "version_validity_findings" USING btree ("file_version_id","rule");