ALTER TABLE "file_versions" ADD COLUMN "ifc_header_file_name" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "ifc_header_time_stamp" text;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "ifc_project_global_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "bcf_version" text;