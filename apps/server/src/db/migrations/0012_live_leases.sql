CREATE TABLE IF NOT EXISTS "live_leases" (
	"kind" text NOT NULL,
	"thing_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"token" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_leases_kind_thing_id_pk" PRIMARY KEY("kind","thing_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "live_leases_holder_idx" ON "live_leases" USING btree ("holder");
