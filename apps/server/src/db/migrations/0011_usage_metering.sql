CREATE TABLE "usage_alerts" (
	"corporation_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"period_start" date NOT NULL,
	"level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alerts_corporation_id_metric_period_start_level_pk" PRIMARY KEY("corporation_id","metric","period_start","level")
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"corporation_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_corporation_id_workspace_id_metric_bucket_start_pk" PRIMARY KEY("corporation_id","workspace_id","metric","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "max_viewer_hours_per_month" integer;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "max_egress_bytes_per_month" bigint;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "max_live_hours_per_month" integer;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "max_render_minutes_per_month" integer;--> statement-breakpoint
CREATE INDEX "usage_counters_corporation_time_idx" ON "usage_counters" USING btree ("corporation_id","bucket_start");