CREATE TABLE IF NOT EXISTS "live_viewers" (
	"output_id" uuid NOT NULL,
	"viewer_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_viewers_output_id_viewer_id_pk" PRIMARY KEY("output_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
