ALTER TABLE "live_viewers" ADD COLUMN IF NOT EXISTS "previous_seen_at" timestamp with time zone;
