CREATE TABLE "result_entities" (
	"file_version_id" uuid NOT NULL,
	"step_id" integer NOT NULL,
	"global_id" text,
	"ifc_class" text NOT NULL,
	"name" text,
	CONSTRAINT "result_entities_file_version_id_step_id_pk" PRIMARY KEY("file_version_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "result_entities" ADD CONSTRAINT "result_entities_file_version_id_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every named object of a version, elements and the other applicable entities alike: results join
-- this for a row's class, GlobalId, name and level (an entity outside the elements has none). Plain UNION ALL, so a join on (version, step id) still
-- uses each table's primary key.
CREATE VIEW "named_objects" AS
	SELECT "file_version_id", "step_id", "global_id", "ifc_class", "name", "level" FROM "elements"
	UNION ALL
	SELECT "file_version_id", "step_id", "global_id", "ifc_class", "name", NULL::text FROM "result_entities";
