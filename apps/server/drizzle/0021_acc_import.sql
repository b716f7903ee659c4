CREATE TYPE "public"."acc_flow" AS ENUM('project_create', 'project_reconnect');--> statement-breakpoint
CREATE TABLE "acc_project_links" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"hub_id" text NOT NULL,
	"acc_project_id" text NOT NULL,
	"acc_project_name" text NOT NULL,
	"connected_by" uuid,
	"tokens" text NOT NULL,
	"reauth_required_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"flow" "acc_flow" DEFAULT 'project_create' NOT NULL,
	"project_id" uuid,
	"return_path" text,
	"state_hash" text,
	"code_verifier" text,
	"tokens" text,
	"created_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bim_files" ADD COLUMN "acc_item_id" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "acc_version_id" text;--> statement-breakpoint
ALTER TABLE "acc_project_links" ADD CONSTRAINT "acc_project_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_project_links" ADD CONSTRAINT "acc_project_links_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_sessions" ADD CONSTRAINT "acc_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_sessions" ADD CONSTRAINT "acc_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acc_sessions_state_hash_idx" ON "acc_sessions" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "acc_sessions_user_idx" ON "acc_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bim_files_project_acc_item_unique" ON "bim_files" USING btree ("project_id","acc_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_acc_version_unique" ON "file_versions" USING btree ("bim_file_id","acc_version_id");