CREATE TABLE "markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"output_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medias" ADD COLUMN "clip" jsonb;--> statement-breakpoint
ALTER TABLE "medias" ADD COLUMN "auto_delete_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_output_id_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markers_output_idx" ON "markers" USING btree ("output_id","at");--> statement-breakpoint
CREATE INDEX "medias_auto_delete_idx" ON "medias" USING btree ("auto_delete_at");