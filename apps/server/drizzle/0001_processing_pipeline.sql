CREATE TABLE "element_properties" (
	"file_version_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"property_set" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"data_type" text
);
--> statement-breakpoint
CREATE TABLE "element_results" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"element_step_id" integer NOT NULL,
	"passed" boolean NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "element_results_file_version_id_specification_id_element_step_id_pk" PRIMARY KEY("file_version_id","specification_id","element_step_id")
);
--> statement-breakpoint
CREATE TABLE "elements" (
	"file_version_id" uuid NOT NULL,
	"step_id" integer NOT NULL,
	"global_id" text,
	"ifc_class" text NOT NULL,
	"name" text,
	"type_name" text,
	"predefined_type" text,
	"level" text,
	CONSTRAINT "elements_file_version_id_step_id_pk" PRIMARY KEY("file_version_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "specification_results" (
	"file_version_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"applicable_count" integer NOT NULL,
	"passed_count" integer NOT NULL,
	"failed_count" integer NOT NULL,
	CONSTRAINT "specification_results_file_version_id_specification_id_pk" PRIMARY KEY("file_version_id","specification_id")
);
--> statement-breakpoint
CREATE TABLE "ids_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ids_specifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ids_file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"identifier" text,
	"instructions" text,
	"ifc_versions" text[] NOT NULL,
	"min_occurs" integer NOT NULL,
	"max_occurs" integer,
	"cardinality" text NOT NULL,
	"applicability_facets" jsonb NOT NULL,
	"requirement_facets" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "element_properties" ADD CONSTRAINT "element_properties_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_results" ADD CONSTRAINT "element_results_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_results" ADD CONSTRAINT "element_results_specification_id_ids_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."ids_specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elements" ADD CONSTRAINT "elements_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_results" ADD CONSTRAINT "specification_results_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_results" ADD CONSTRAINT "specification_results_specification_id_ids_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."ids_specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ids_files" ADD CONSTRAINT "ids_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ids_files" ADD CONSTRAINT "ids_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ids_specifications" ADD CONSTRAINT "ids_specifications_ids_file_id_ids_files_id_fk" FOREIGN KEY ("ids_file_id") REFERENCES "public"."ids_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "element_properties_version_element_idx" ON "element_properties" USING btree ("file_version_id","element_step_id");--> statement-breakpoint
CREATE INDEX "ids_files_project_id_idx" ON "ids_files" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ids_specifications_file_position_unique" ON "ids_specifications" USING btree ("ids_file_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bim_files_project_name_unique" ON "bim_files" USING btree ("project_id","name");