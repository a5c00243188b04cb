-- Decision 761: the driver's photos of the trip live beside the customer's accident photos, told
-- apart by who took them; every photo stored so far is the customer's.
ALTER TABLE "uploads" ADD COLUMN "taken_by" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_taken_by_check" CHECK ("uploads"."taken_by" in ('customer', 'driver'));