-- Issue 30: stable identity and finding history (decision 0220). Elements gain what identifies them
-- across versions (placement, property fingerprint, the key carried over a content match); IDS files
-- a lineage of revisions; specifications their stable keys; versions their comparison with the
-- previous one and the findings that changed.
CREATE TABLE "finding_changes" (
	"file_version_id" uuid NOT NULL,
	"specification_key" text NOT NULL,
	"requirement_key" text NOT NULL,
	"kind" smallint NOT NULL,
	"element_step_id" integer NOT NULL,
	"element_key" text NOT NULL,
	"facet_index" integer,
	"facet_type" text,
	"outcome" text,
	"actual_value" text,
	CONSTRAINT "finding_changes_file_version_id_requirement_key_kind_element_step_id_pk" PRIMARY KEY("file_version_id","requirement_key","kind","element_step_id")
);
--> statement-breakpoint
CREATE TABLE "version_comparisons" (
	"file_version_id" uuid PRIMARY KEY NOT NULL,
	"from_version_id" uuid NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"matched_by_global_id" integer NOT NULL,
	"matched_by_content" integer NOT NULL,
	"added_elements" integer NOT NULL,
	"removed_elements" integer NOT NULL,
	"new_count" integer NOT NULL,
	"resolved_count" integer NOT NULL,
	"removed_count" integer NOT NULL,
	"persisting_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "x" double precision;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "y" double precision;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "z" double precision;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "property_hash" text;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "element_key" text;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "match_kind" smallint;--> statement-breakpoint
ALTER TABLE "elements" ADD COLUMN "match_confidence" real;--> statement-breakpoint
-- Every IDS file uploaded so far is the first revision of its own lineage.
ALTER TABLE "ids_files" ADD COLUMN "lineage_id" uuid;--> statement-breakpoint
UPDATE "ids_files" SET "lineage_id" = "id";--> statement-breakpoint
ALTER TABLE "ids_files" ALTER COLUMN "lineage_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ids_files" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ids_files" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ids_files" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "ids_specifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "ids_specifications" ADD COLUMN "requirement_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_changes" ADD CONSTRAINT "finding_changes_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_comparisons" ADD CONSTRAINT "version_comparisons_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_comparisons" ADD CONSTRAINT "version_comparisons_from_version_id_file_versions_id_fk" FOREIGN KEY ("from_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_changes_specification_idx" ON "finding_changes" USING btree ("file_version_id","specification_key","kind","element_step_id");--> statement-breakpoint
CREATE INDEX "version_comparisons_from_idx" ON "version_comparisons" USING btree ("from_version_id");--> statement-breakpoint
ALTER TABLE "ids_files" ADD CONSTRAINT "ids_files_superseded_by_ids_files_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."ids_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ids_files_lineage_revision_unique" ON "ids_files" USING btree ("lineage_id","revision");--> statement-breakpoint
CREATE INDEX "ids_specifications_key_idx" ON "ids_specifications" USING btree ("key");