CREATE TABLE "waived_results" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"waiver_id" uuid NOT NULL,
	CONSTRAINT "waived_results_file_version_id_specification_id_element_step_id_pk" PRIMARY KEY("file_version_id","specification_id","element_step_id")
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"bim_file_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"specification_key" text NOT NULL,
	"specification_name" text NOT NULL,
	"requirement_key" text,
	"facet_index" integer,
	"subject" text,
	"subject_label" text,
	"reason" text NOT NULL,
	"reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"fingerprint" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "waivers_scope_known" CHECK ("waivers"."scope" in ('element', 'type', 'storey', 'specification')),
	CONSTRAINT "waivers_state_known" CHECK ("waivers"."state" in ('requested', 'approved', 'rejected', 'expired', 'needs_review')),
	CONSTRAINT "waivers_reason_length" CHECK (char_length("waivers"."reason") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "specification_compliance" ADD COLUMN "waived_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "version_result_totals" ADD COLUMN "waived_elements" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "waiver_self_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waived_results" ADD CONSTRAINT "waived_results_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waived_results" ADD CONSTRAINT "waived_results_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_bim_file_id_bim_files_id_fk" FOREIGN KEY ("bim_file_id") REFERENCES "public"."bim_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waived_results_waiver_idx" ON "waived_results" USING btree ("waiver_id");--> statement-breakpoint
CREATE INDEX "waivers_project_state_idx" ON "waivers" USING btree ("project_id","state");--> statement-breakpoint
CREATE INDEX "waivers_file_idx" ON "waivers" USING btree ("bim_file_id");--> statement-breakpoint
-- The status rule (decision 0186) gains its waiver input (issue 32, decision 0268): 0 not_applicable,
-- 1 passed, 2 waived, 3 warning, 4 failed. A failing result that an approved waiver covers is waived,
-- its own status, worse than passed and better than any failure, so an element's worst status
-- (max over its specifications) stays the highest rank. `waived` is used once: the planner still inlines.
DROP FUNCTION compliance_status_rank(boolean, integer, integer);--> statement-breakpoint
CREATE FUNCTION compliance_status_rank(passed boolean, failed_facets integer, requirement_count integer, waived boolean)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN passed THEN (CASE WHEN requirement_count = 0 THEN 0 ELSE 1 END)
    WHEN waived THEN 2
    WHEN requirement_count > 0 AND failed_facets > 0 AND (requirement_count - failed_facets) * 2 >= requirement_count THEN 3
    ELSE 4
  END
$$;--> statement-breakpoint
-- Stored worst statuses move to the new ranks (no result is waived yet).
UPDATE element_compliance SET status = status + 1 WHERE status >= 2;
