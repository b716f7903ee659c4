CREATE TABLE "attribute_recommendations" (
	"project_id" uuid NOT NULL,
	"property_set" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attribute_recommendations_project_id_property_set_name_pk" PRIMARY KEY("project_id","property_set","name"),
	CONSTRAINT "attribute_recommendations_status" CHECK ("attribute_recommendations"."status" in ('pending_review', 'highly_recommended', 'recommended', 'optional', 'not_recommended', 'added_to_schema'))
);
--> statement-breakpoint
CREATE TABLE "version_attribute_stats" (
	"file_version_id" uuid NOT NULL,
	"property_set" text NOT NULL,
	"name" text NOT NULL,
	"element_count" integer NOT NULL,
	"populated_count" integer NOT NULL,
	"distinct_values" integer NOT NULL,
	"sample_values" text[] NOT NULL,
	"ifc_classes" text[] NOT NULL,
	"data_type" text,
	"boolean_values" integer NOT NULL,
	"integer_values" integer NOT NULL,
	"real_values" integer NOT NULL,
	CONSTRAINT "version_attribute_stats_file_version_id_property_set_name_pk" PRIMARY KEY("file_version_id","property_set","name")
);
--> statement-breakpoint
ALTER TABLE "attribute_recommendations" ADD CONSTRAINT "attribute_recommendations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_recommendations" ADD CONSTRAINT "attribute_recommendations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_attribute_stats" ADD CONSTRAINT "version_attribute_stats_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;