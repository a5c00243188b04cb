-- Decision 660: accident photos carry the phone's photo id (one upload per service and photo) and
-- the time they were recorded on the service.
ALTER TABLE "uploads" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_service_photo_unique" ON "uploads" USING btree ("service_id","photo_id");