DROP INDEX "element_properties_version_element_idx";--> statement-breakpoint
DROP INDEX "element_properties_version_set_name_idx";--> statement-breakpoint
DROP INDEX "element_properties_version_name_idx";--> statement-breakpoint
CREATE INDEX "element_properties_element_order_idx" ON "element_properties" USING btree ("element_step_id","property_set","name");--> statement-breakpoint
CREATE INDEX "element_properties_set_name_idx" ON "element_properties" USING btree ("property_set","name");--> statement-breakpoint
CREATE INDEX "element_properties_name_idx" ON "element_properties" USING btree ("name");