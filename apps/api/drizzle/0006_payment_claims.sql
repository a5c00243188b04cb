CREATE TABLE "mobile_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"auth_token" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"service_id" text NOT NULL,
	"purpose" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reference_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_payments_purpose_check" CHECK ("mobile_payments"."purpose" IN ('service', 'tip'))
);
--> statement-breakpoint
CREATE TABLE "payment_claims" (
	"reference" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_claims_purpose_check" CHECK ("payment_claims"."purpose" IN ('service', 'tip'))
);
--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_payments_idempotency_key_unique" ON "mobile_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mobile_payments_service_id_idx" ON "mobile_payments" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "payment_claims_service_id_idx" ON "payment_claims" USING btree ("service_id");