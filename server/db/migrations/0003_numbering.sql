CREATE TABLE "numbering_sequences" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"field" text NOT NULL,
	"format" text NOT NULL,
	"next_value" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "numbering_sequences_tenant_id_kind_field_pk" PRIMARY KEY("tenant_id","kind","field")
);
--> statement-breakpoint
ALTER TABLE "numbering_sequences" ADD CONSTRAINT "numbering_sequences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;