CREATE TABLE "demo_seed" (
	"id" text PRIMARY KEY NOT NULL,
	"data_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
