CREATE TABLE "project_revisions" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
