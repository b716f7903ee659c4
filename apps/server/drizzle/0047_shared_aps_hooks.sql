ALTER TABLE "acc_version_hooks" DROP CONSTRAINT "acc_version_hooks_hook_id_unique";--> statement-breakpoint
CREATE INDEX "acc_version_hooks_hook_idx" ON "acc_version_hooks" USING btree ("hook_id");