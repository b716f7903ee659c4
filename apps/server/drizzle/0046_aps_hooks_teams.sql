CREATE TABLE "acc_version_hooks" (
	"project_id" uuid NOT NULL,
	"folder_id" text NOT NULL,
	"hook_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "acc_version_hooks_project_id_folder_id_pk" PRIMARY KEY("project_id","folder_id"),
	CONSTRAINT "acc_version_hooks_hook_id_unique" UNIQUE("hook_id")
);
--> statement-breakpoint
ALTER TABLE "project_webhooks" DROP CONSTRAINT "project_webhooks_format";--> statement-breakpoint
ALTER TABLE "acc_version_hooks" ADD CONSTRAINT "acc_version_hooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_webhooks" ADD CONSTRAINT "project_webhooks_format" CHECK ("project_webhooks"."format" in ('json', 'slack', 'teams'));