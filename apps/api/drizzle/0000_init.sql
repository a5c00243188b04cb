CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sms_name" text NOT NULL,
	"branch" text NOT NULL,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"service_coordination_phone" text NOT NULL,
	"salesforce_id" text NOT NULL,
	"config" jsonb NOT NULL,
	"management_fee_cents" integer DEFAULT 0 NOT NULL,
	"service_fees" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_label" text NOT NULL,
	"tax_rate" double precision NOT NULL,
	"home_services_allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	"pwa_home_services_allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	"pwa_road_services_allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_branch_check" CHECK ("accounts"."branch" in ('PR', 'PA', 'CR', 'CO', 'MX')),
	CONSTRAINT "accounts_kind_check" CHECK ("accounts"."kind" in ('member', 'visitor')),
	CONSTRAINT "accounts_tax_rate_check" CHECK ("accounts"."tax_rate" >= 0 and "accounts"."tax_rate" <= 1)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"brand" text NOT NULL,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"branch" text NOT NULL,
	"contract_number" text NOT NULL,
	"holder_full_name" text NOT NULL,
	"holder_phone" text DEFAULT '' NOT NULL,
	"holder_email" text DEFAULT '' NOT NULL,
	"member_id" text,
	"policy_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"coverage_limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_branch_check" CHECK ("contracts"."branch" in ('PR', 'PA', 'CR', 'CO', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" text PRIMARY KEY NOT NULL,
	"branch" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"iconset" text NOT NULL,
	"inspector_id" text,
	"vehicle_type" text NOT NULL,
	"vehicle_plate" text,
	"employee_image" text,
	"vehicle_image" text,
	"status" text DEFAULT 'available' NOT NULL,
	"pending_situation" text,
	"token_hash" text,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_heading" double precision,
	"last_accuracy" double precision,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_status_check" CHECK ("drivers"."status" in ('available', 'busy', 'offline')),
	CONSTRAINT "drivers_branch_check" CHECK ("drivers"."branch" in ('PR', 'PA', 'CR', 'CO', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "geotext_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"address" text,
	"phone_number" text,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geotext_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"service_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"status_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text,
	"kind" text NOT NULL,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"to" text,
	"from" text,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('sms', 'note', 'email'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"name" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "service_types_category_check" CHECK ("service_types"."category" in ('road', 'home'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"service_number" integer GENERATED BY DEFAULT AS IDENTITY (sequence name "services_service_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"account_id" text NOT NULL,
	"account_phone" text,
	"branch" text NOT NULL,
	"sf_id_account" text,
	"brand" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"situation" text NOT NULL,
	"service_type" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"member_id" text,
	"status" text DEFAULT 'Queued' NOT NULL,
	"status_number" integer DEFAULT 1 NOT NULL,
	"schedule" timestamp with time zone,
	"payments" jsonb,
	"payment_method" text,
	"payment_references" jsonb,
	"price_details" jsonb,
	"is_covered" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"from_connect_app" boolean DEFAULT false NOT NULL,
	"salesforce_service_id" text,
	"surveys_answered" boolean DEFAULT false NOT NULL,
	"surplus_cents" integer DEFAULT 0 NOT NULL,
	"contract_id" text,
	"customer_contract" jsonb,
	"message_confirmation_status" text,
	"provider_name" text,
	"trip_status" text,
	"trip_stamps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"simulated_eta_seconds" integer,
	"driver_eta_seconds" integer,
	"driver_distance_meters" integer,
	"location_permission" text,
	"situation_lat" double precision,
	"situation_lng" double precision,
	"situation_accuracy" double precision,
	"situation_address" text,
	"situation_place_id" text,
	"situation_pretty_address" text,
	"situation_reference_address" jsonb,
	"destination_lat" double precision,
	"destination_lng" double precision,
	"destination_address" text,
	"destination_place_id" text,
	"destination_pretty_address" text,
	"provider_lat" double precision,
	"provider_lng" double precision,
	"provider_address" text,
	"provider_place_id" text,
	"provider_pretty_address" text,
	"driver_id" text,
	"vehicle_plate" text,
	"vehicle_make" text,
	"vehicle_model" text,
	"vehicle_year" integer,
	"vehicle_color" text,
	"vehicle_vin" text,
	"passengers" integer,
	"notes" text,
	"home" jsonb,
	"situation_specification" jsonb,
	"cancellation_reason" text,
	"cancellation_notes" text,
	"push_opt_in" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"share_token_hash" text,
	"share_token_expires_at" timestamp with time zone,
	"campaign" text,
	"policy_number" text,
	"is_from_check_limit" boolean DEFAULT false NOT NULL,
	"is_mmm_hod" boolean DEFAULT false NOT NULL,
	"privacy_policy_acceptance_date" timestamp with time zone,
	"source_data" jsonb,
	"request_payload_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_status_check" CHECK ("services"."status" in ('Queued', 'Active', 'HoldInspection', 'Finished', 'Cancelled', 'Void', 'Pending Audit')),
	CONSTRAINT "services_status_number_check" CHECK ("services"."status_number" between 1 and 9),
	CONSTRAINT "services_branch_check" CHECK ("services"."branch" in ('PR', 'PA', 'CR', 'CO', 'MX')),
	CONSTRAINT "services_service_type_check" CHECK ("services"."service_type" in ('road', 'home'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK ("tips"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"plate" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"color" text NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geotext_responses" ADD CONSTRAINT "geotext_responses_room_id_geotext_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."geotext_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geotext_rooms" ADD CONSTRAINT "geotext_rooms_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_salesforce_id_unique" ON "accounts" USING btree ("salesforce_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_brand_branch_kind_unique" ON "accounts" USING btree ("brand","branch","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_unique" ON "campaigns" USING btree ("name");--> statement-breakpoint
CREATE INDEX "campaigns_account_id_idx" ON "campaigns" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_contract_number_unique" ON "contracts" USING btree ("contract_number");--> statement-breakpoint
CREATE INDEX "contracts_account_id_idx" ON "contracts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "contracts_member_id_idx" ON "contracts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "contracts_policy_number_idx" ON "contracts" USING btree ("policy_number");--> statement-breakpoint
CREATE INDEX "contracts_holder_name_lower_idx" ON "contracts" USING btree (lower("holder_full_name"));--> statement-breakpoint
CREATE INDEX "drivers_branch_status_idx" ON "drivers" USING btree ("branch","status");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_token_hash_unique" ON "drivers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "geotext_responses_room_id_idx" ON "geotext_responses" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_id_name_unique" ON "integrations" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "messages_service_id_idx" ON "messages" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_service_id_idx" ON "push_subscriptions" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_events_service_id_seq_unique" ON "service_events" USING btree ("service_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "services_service_number_unique" ON "services" USING btree ("service_number");--> statement-breakpoint
CREATE INDEX "services_status_idx" ON "services" USING btree ("status");--> statement-breakpoint
CREATE INDEX "services_driver_id_idx" ON "services" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "services_account_id_idx" ON "services" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "services_vehicle_plate_idx" ON "services" USING btree ("vehicle_plate");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_service_id_unique" ON "surveys" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "tips_service_id_idx" ON "tips" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_unique" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_service_id_idx" ON "uploads" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "vehicles_plate_idx" ON "vehicles" USING btree ("plate");--> statement-breakpoint
CREATE INDEX "vehicles_contract_id_idx" ON "vehicles" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");