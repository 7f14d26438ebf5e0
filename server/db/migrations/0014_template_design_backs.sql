ALTER TABLE "template_designs" ADD COLUMN "back_preview_key" text;--> statement-breakpoint
ALTER TABLE "template_designs" ADD COLUMN "back_preview_size" integer;