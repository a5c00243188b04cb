CREATE TABLE "dispatch_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"eta_seconds" integer NOT NULL,
	"distance_meters" integer NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "dispatch_offers_state_check" CHECK ("dispatch_offers"."state" in ('pending', 'accepted', 'rejected', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "dispatch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "dispatch_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "services" SET "dispatch_at" = greatest(now(), "schedule" - interval '30 minutes') WHERE "status" = 'Queued' AND "driver_id" IS NULL;--> statement-breakpoint
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_offers_pending_service_unique" ON "dispatch_offers" USING btree ("service_id") WHERE "dispatch_offers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_offers_pending_driver_unique" ON "dispatch_offers" USING btree ("driver_id") WHERE "dispatch_offers"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "dispatch_offers_service_id_idx" ON "dispatch_offers" USING btree ("service_id","driver_id");--> statement-breakpoint
CREATE INDEX "dispatch_offers_pending_expiry_idx" ON "dispatch_offers" USING btree ("expires_at") WHERE "dispatch_offers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_oidc_subject_unique" ON "drivers" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "services_dispatch_due_idx" ON "services" USING btree ("dispatch_at") WHERE "services"."dispatch_at" is not null;