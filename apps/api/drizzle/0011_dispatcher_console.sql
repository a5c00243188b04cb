CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatcher_id" text NOT NULL,
	"dispatcher_name" text NOT NULL,
	"action" text NOT NULL,
	"service_id" text,
	"driver_id" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "dispatcher_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"dispatcher_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatchers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"oidc_subject" text NOT NULL,
	"scope" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geotext_rooms" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "dispatcher_sessions" ADD CONSTRAINT "dispatcher_sessions_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_service_id_idx" ON "audit_log" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_dispatcher_id_idx" ON "audit_log" USING btree ("dispatcher_id","id");--> statement-breakpoint
CREATE INDEX "dispatcher_sessions_dispatcher_id_idx" ON "dispatcher_sessions" USING btree ("dispatcher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatchers_oidc_subject_unique" ON "dispatchers" USING btree ("oidc_subject");--> statement-breakpoint
ALTER TABLE "geotext_rooms" ADD CONSTRAINT "geotext_rooms_created_by_dispatchers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."dispatchers"("id") ON DELETE set null ON UPDATE no action;