-- Issue 32: a process's start reads the sources it publishes (demo, re-live, SRT) and the schedule's next
-- moment; at 10,000 sources both were whole-table scans. Partial indexes hold only the few rows they need.
CREATE INDEX IF NOT EXISTS "sources_publisher_idx" ON "sources" USING btree ("type") WHERE "sources"."type" <> 'rtmp';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_scheduled_start_idx" ON "sources" USING btree ("scheduled_start") WHERE "sources"."scheduled_start" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_maintenance_start_idx" ON "sources" USING btree ("maintenance_start") WHERE "sources"."maintenance_start" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sources_maintenance_end_idx" ON "sources" USING btree ("maintenance_end") WHERE "sources"."maintenance_end" IS NOT NULL;
