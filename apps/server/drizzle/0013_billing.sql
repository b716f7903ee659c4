CREATE SEQUENCE "public"."billing_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"receipt_number" text,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"project_name_snapshot" text NOT NULL,
	"tier_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"voucher_code" text,
	"card_brand" text,
	"card_last4" text,
	CONSTRAINT "billing_invoices_total_not_negative" CHECK ("billing_invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_payments_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"tier_id" text NOT NULL,
	"customer_user_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"scheduled_tier_id" text,
	"currency" text NOT NULL,
	"voucher_code" text,
	"discount_percentage" numeric,
	"discount_amount_cents" integer,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"max_files" integer NOT NULL,
	"max_storage_gb" integer NOT NULL,
	"max_users" integer NOT NULL,
	"max_reports_per_month" integer NOT NULL,
	"refresh_frequency" text NOT NULL,
	"allow_api_access" boolean DEFAULT true NOT NULL,
	"price_aud_cents" integer NOT NULL,
	"price_usd_cents" integer NOT NULL,
	"price_gbp_cents" integer NOT NULL,
	"price_eur_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stripe_price_id" text,
	"popular" boolean DEFAULT false NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "billing_vouchers_code_upper" CHECK ("billing_vouchers"."code" = upper("billing_vouchers"."code")),
	CONSTRAINT "billing_vouchers_value_range" CHECK ("billing_vouchers"."discount_value" >= 0 and ("billing_vouchers"."discount_type" <> 'percentage' or "billing_vouchers"."discount_value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_tier_id_billing_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."billing_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_scheduled_tier_id_billing_tiers_id_fk" FOREIGN KEY ("scheduled_tier_id") REFERENCES "public"."billing_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_unique" ON "billing_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_cycle_unique" ON "billing_invoices" USING btree ("subscription_id","period_start") WHERE kind = 'cycle';--> statement-breakpoint
CREATE INDEX "billing_invoices_project_idx" ON "billing_invoices" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_project_unique" ON "billing_subscriptions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_period_end_idx" ON "billing_subscriptions" USING btree ("current_period_end");--> statement-breakpoint
INSERT INTO "billing_tiers" ("id", "name", "description", "max_files", "max_storage_gb", "max_users", "max_reports_per_month", "refresh_frequency", "allow_api_access", "price_aud_cents", "price_usd_cents", "price_gbp_cents", "price_eur_cents", "is_active", "stripe_price_id", "popular", "features") VALUES
('blueprint', 'Blueprint', 'For a single model stream and a small team.', 10, 20, 5, 10, 'weekly', true, 7900, 5200, 4200, 4800, true, 'price_blueprint_monthly', false, '["IDS compliance checking","AI querying","PDF and Excel reports","Weekly model refresh"]'::jsonb),
('cornerstone', 'Cornerstone', 'For project teams coordinating several disciplines.', 20, 50, 10, 30, 'daily', true, 14900, 9900, 7900, 9200, true, 'price_cornerstone_monthly', true, '["Everything in Blueprint","Daily model refresh","Full compliance tracking","More files, storage and users"]'::jsonb),
('skyline', 'Skyline', 'For large projects with many models and stakeholders.', 30, 100, 15, 100, 'hourly', true, 21900, 14500, 11500, 13500, true, 'price_skyline_monthly', false, '["Everything in Cornerstone","Hourly model refresh","Largest file and storage limits","Priority support"]'::jsonb);
--> statement-breakpoint
INSERT INTO "billing_vouchers" ("code", "discount_type", "discount_value", "description") VALUES
('WELCOME20', 'percentage', 20, '20% off every month'),
('FLAT10', 'amount', 1000, '10.00 off every month');
