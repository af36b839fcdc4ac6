ALTER TABLE "targets" ADD COLUMN "output_id" uuid;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_output_id_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."outputs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "targets_output_idx" ON "targets" USING btree ("output_id");