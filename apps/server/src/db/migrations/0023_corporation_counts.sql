-- Issue 32: creating a source, target or player checked the corporation's quota by counting its rows
-- (10,220 sources at an install's size: most of the request's time). The counts are kept here instead,
-- by statement triggers with transition tables (one update per statement, also for a cascade that deletes
-- a workspace's hundred sources), so the quota check reads one row.
CREATE TABLE IF NOT EXISTS "corporation_counts" (
	"corporation_id" uuid PRIMARY KEY NOT NULL REFERENCES "corporations"("id") ON DELETE cascade,
	"sources" integer DEFAULT 0 NOT NULL,
	"targets" integer DEFAULT 0 NOT NULL,
	"outputs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_corporation_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column of corporation_counts that counts the table the trigger is on.
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(
      'INSERT INTO corporation_counts AS c (corporation_id, %1$I)
       SELECT corporation_id, count(*) FROM new_rows GROUP BY corporation_id
       ON CONFLICT (corporation_id) DO UPDATE SET %1$I = c.%1$I + excluded.%1$I',
      TG_ARGV[0]);
  ELSE
    EXECUTE format(
      'UPDATE corporation_counts c SET %1$I = c.%1$I - d.n
       FROM (SELECT corporation_id, count(*) AS n FROM old_rows GROUP BY corporation_id) d
       WHERE c.corporation_id = d.corporation_id',
      TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sources_counted_in" ON "sources";--> statement-breakpoint
CREATE TRIGGER "sources_counted_in" AFTER INSERT ON "sources" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('sources');--> statement-breakpoint
DROP TRIGGER IF EXISTS "sources_counted_out" ON "sources";--> statement-breakpoint
CREATE TRIGGER "sources_counted_out" AFTER DELETE ON "sources" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('sources');--> statement-breakpoint
DROP TRIGGER IF EXISTS "targets_counted_in" ON "targets";--> statement-breakpoint
CREATE TRIGGER "targets_counted_in" AFTER INSERT ON "targets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('targets');--> statement-breakpoint
DROP TRIGGER IF EXISTS "targets_counted_out" ON "targets";--> statement-breakpoint
CREATE TRIGGER "targets_counted_out" AFTER DELETE ON "targets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('targets');--> statement-breakpoint
DROP TRIGGER IF EXISTS "outputs_counted_in" ON "outputs";--> statement-breakpoint
CREATE TRIGGER "outputs_counted_in" AFTER INSERT ON "outputs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('outputs');--> statement-breakpoint
DROP TRIGGER IF EXISTS "outputs_counted_out" ON "outputs";--> statement-breakpoint
CREATE TRIGGER "outputs_counted_out" AFTER DELETE ON "outputs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_corporation_rows('outputs');--> statement-breakpoint
INSERT INTO "corporation_counts" ("corporation_id", "sources", "targets", "outputs")
SELECT c.id,
  (SELECT count(*) FROM sources s WHERE s.corporation_id = c.id),
  (SELECT count(*) FROM targets t WHERE t.corporation_id = c.id),
  (SELECT count(*) FROM outputs o WHERE o.corporation_id = c.id)
FROM corporations c
ON CONFLICT ("corporation_id") DO UPDATE SET "sources" = excluded."sources", "targets" = excluded."targets",
  "outputs" = excluded."outputs";
