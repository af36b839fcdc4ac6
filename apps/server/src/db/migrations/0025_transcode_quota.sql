-- Issue 34: a corporation's monthly hours of quality-ladder transcoding (null: no limit), metered as the
-- usage metric transcode_seconds while a player's ladder writer runs.
ALTER TABLE "quotas" ADD COLUMN IF NOT EXISTS "max_transcode_hours_per_month" integer;
