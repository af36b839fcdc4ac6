ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" jsonb;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "workspace_grants" jsonb DEFAULT '[]'::jsonb NOT NULL;