CREATE TABLE "social_shares" (
	"social_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"post" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_shares_social_id_workspace_id_pk" PRIMARY KEY("social_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "social_oauth_apps" (
	"network" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "platform_live" jsonb;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "bound_by" uuid;--> statement-breakpoint
ALTER TABLE "social_shares" ADD CONSTRAINT "social_shares_social_id_socials_id_fk" FOREIGN KEY ("social_id") REFERENCES "public"."socials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_shares" ADD CONSTRAINT "social_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_shares_workspace_idx" ON "social_shares" USING btree ("workspace_id");
