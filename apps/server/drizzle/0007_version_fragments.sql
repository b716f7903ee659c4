CREATE TYPE "public"."fragments_status" AS ENUM('pending', 'converting', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "file_version_fragments" (
	"file_version_id" uuid PRIMARY KEY NOT NULL,
	"status" "fragments_status" DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"sha256" text,
	"convert_ms" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_version_fragments" ADD CONSTRAINT "file_version_fragments_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;