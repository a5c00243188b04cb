ALTER TABLE "tips" ADD COLUMN "charge_id_stripe" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "card_id_stripe" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "customer_id_stripe" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_service_id_unique" ON "tips" USING btree ("service_id");