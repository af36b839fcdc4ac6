-- Issue 29: recordings written progressively to shared storage as segments, continued by whichever
-- process owns the stream after a takeover, and joined into one media when the session is over.
CREATE TABLE IF NOT EXISTS "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"state" text DEFAULT 'recording' NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"recorder" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"finishing_by" text,
	"finishing_at" timestamp with time zone,
	"media_id" uuid,
	"error" text,
	CONSTRAINT "recordings_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "corporations"("id") ON DELETE cascade,
	CONSTRAINT "recordings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "recordings_open_owner_idx" ON "recordings" USING btree ("owner_id") WHERE "state" IN ('recording', 'paused');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recordings_due_idx" ON "recordings" USING btree ("paused_at") WHERE "state" = 'paused';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recordings_finishing_idx" ON "recordings" USING btree ("finishing_at") WHERE "state" = 'finishing';
