-- Issue 35: the HTTP address at which the other processes of a cluster reach this one (INTERNAL_URL), so
-- a real-time viewer's WHEP offer made at any process reaches the process that writes the player's program.
ALTER TABLE "live_processes" ADD COLUMN IF NOT EXISTS "internal_url" text;
