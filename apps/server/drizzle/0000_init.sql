CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"time_zone" text NOT NULL,
	"default_locale" text NOT NULL,
	"hosts" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"is_shadow" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"lvl" integer NOT NULL,
	"path" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"account_no" text NOT NULL,
	"nick_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"ratio" integer DEFAULT 0 NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_full_disabled" boolean DEFAULT false NOT NULL,
	"is_full_readonly" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"invite_code" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	CONSTRAINT "accounts_ratio_range" CHECK ("accounts"."ratio" between 0 and 10000),
	CONSTRAINT "accounts_root_is_admin" CHECK (("accounts"."parent_id" is null) = ("accounts"."lvl" = 0 and not "accounts"."is_shadow")),
	CONSTRAINT "accounts_shadow_is_agent" CHECK (not "accounts"."is_shadow" or "accounts"."kind" = 'AGENT'),
	CONSTRAINT "accounts_balance_house_only" CHECK ("accounts"."balance" >= 0 or "accounts"."parent_id" is null)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "signin_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"operator_id" integer,
	"target_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_id_accounts_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_site_account_no_uq" ON "accounts" USING btree ("site_id",lower("account_no"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_invite_code_uq" ON "accounts" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_one_root_per_site_uq" ON "accounts" USING btree ("site_id") WHERE "accounts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_path_gin" ON "accounts" USING gin ("path");--> statement-breakpoint
CREATE INDEX "accounts_site_lvl_idx" ON "accounts" USING btree ("site_id","lvl");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_site_created_idx" ON "operation_logs" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_target_idx" ON "operation_logs" USING btree ("target_id","created_at");