CREATE TABLE "card_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"email" text,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_charges_status_check" CHECK ("card_charges"."status" IN ('succeeded', 'declined')),
	CONSTRAINT "card_charges_amount_check" CHECK ("card_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_idempotency_key_unique" ON "card_charges" USING btree ("idempotency_key");