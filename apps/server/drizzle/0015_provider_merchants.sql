CREATE TABLE "provider_merchants" (
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"secret" text,
	"secret_rotated_at" timestamp with time zone,
	CONSTRAINT "provider_merchants_site_id_provider_code_pk" PRIMARY KEY("site_id","provider_code")
);
--> statement-breakpoint
ALTER TABLE "provider_merchants" ADD CONSTRAINT "provider_merchants_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_merchants" ADD CONSTRAINT "provider_merchants_provider_code_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."providers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every site gets a merchant account at every provider, carrying the platform-wide status and
-- secret it had until now, so existing integrations keep working; each site's admin then rotates
-- its own secret and sets its own status.
INSERT INTO "provider_merchants" ("site_id", "provider_code", "status", "secret", "secret_rotated_at")
SELECT s."id", p."code", p."status", p."secret", p."secret_rotated_at" FROM "sites" s CROSS JOIN "providers" p
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "secret";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "secret_rotated_at";