CREATE TABLE "bet_limit_presets" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min" bigint NOT NULL,
	"max" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_limit_presets_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_providers" (
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	CONSTRAINT "site_providers_site_id_provider_code_pk" PRIMARY KEY("site_id","provider_code")
);
--> statement-breakpoint
CREATE TABLE "password_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ciphertext" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "providers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "bet_limits" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "verify_status" text DEFAULT 'VERIFIED' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "real_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "verify_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet_limit_presets" ADD CONSTRAINT "bet_limit_presets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_provider_code_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_handoffs" ADD CONSTRAINT "password_handoffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_handoffs_account_idx" ON "password_handoffs" USING btree ("account_id");