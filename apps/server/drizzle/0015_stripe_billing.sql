CREATE TABLE "billing_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tier_id" text NOT NULL,
	"project_name" text NOT NULL,
	"project_description" text NOT NULL,
	"customer_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"status" text NOT NULL,
	"project_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_tier_id_billing_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."billing_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_provider_unique" ON "billing_invoices" USING btree ("provider_invoice_id") WHERE provider_invoice_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_provider_unique" ON "billing_subscriptions" USING btree ("provider_subscription_id") WHERE provider_subscription_id is not null;