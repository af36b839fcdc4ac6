-- Issue 29: leases held by a database session (an advisory lock), process heartbeats with the backend
-- that holds their locks, and the indexes that let the live plane work in proportion to change.
ALTER TABLE "live_leases" ADD COLUMN IF NOT EXISTS "lock_key" bigint;
--> statement-breakpoint
ALTER TABLE "live_leases" ALTER COLUMN "expires_at" DROP NOT NULL;
--> statement-breakpoint
DELETE FROM "live_leases" WHERE "kind" = 'process';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "live_processes" (
	"holder" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"backend_pid" integer,
	"media_state" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_live_idx" ON "sources" USING btree ("id") WHERE "live";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_scheduled_start_idx" ON "sources" USING btree ("scheduled_start") WHERE "scheduled_start" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_maintenance_start_idx" ON "sources" USING btree ("maintenance_start") WHERE "maintenance_start" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_maintenance_end_idx" ON "sources" USING btree ("maintenance_end") WHERE "maintenance_end" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_publisher_idx" ON "sources" USING btree ("type") WHERE "type" <> 'rtmp';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "targets_active_idx" ON "targets" USING btree ("id") WHERE "state" <> 'offline';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outputs_main_source_idx" ON "outputs" USING btree (("settings"->>'mainSourceId'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outputs_backup_source_idx" ON "outputs" USING btree (("settings"->>'backupSourceId'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outputs_fallback_media_idx" ON "outputs" USING btree (("settings"->>'fallbackMediaId'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outputs_active_idx" ON "outputs" USING btree ("id") WHERE "input" <> 'offline';
