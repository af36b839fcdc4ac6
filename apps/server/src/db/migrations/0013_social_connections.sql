CREATE TABLE "social_connect_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"network" text NOT NULL,
	"verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "auth_type" text DEFAULT 'oauth' NOT NULL;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "external_name" text;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "status" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "has_refresh_token" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "ftp" jsonb;--> statement-breakpoint
ALTER TABLE "socials" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "social_connect_states" ADD CONSTRAINT "social_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connect_states" ADD CONSTRAINT "social_connect_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "socials_user_idx" ON "socials" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "socials_account_uq" ON "socials" USING btree ("user_id","network","external_id");