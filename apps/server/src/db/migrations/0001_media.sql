CREATE TABLE "medias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_id" uuid,
	"workspace_id" uuid,
	"owner_user_id" uuid,
	"name" text NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"probe" jsonb,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medias_workspace_idx" ON "medias" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "medias_corporation_idx" ON "medias" USING btree ("corporation_id");