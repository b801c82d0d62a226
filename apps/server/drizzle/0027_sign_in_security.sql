CREATE TABLE "account_address_lists" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"cidrs" text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_second_factors" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"site_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"ip" text,
	"user_agent" text,
	"account_id" integer,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_sign_ins_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "qr_sign_ins_decided" CHECK (("qr_sign_ins"."status" = 'PENDING') = ("qr_sign_ins"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"site_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"method" text NOT NULL,
	"second_factor" text,
	"result" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "handoff_password_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_temporary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_address_lists" ADD CONSTRAINT "account_address_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_address_lists" ADD CONSTRAINT "account_address_lists_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_address_lists" ADD CONSTRAINT "account_address_lists_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_second_factors" ADD CONSTRAINT "account_second_factors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_second_factors" ADD CONSTRAINT "account_second_factors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sign_ins" ADD CONSTRAINT "qr_sign_ins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sign_ins" ADD CONSTRAINT "qr_sign_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_sign_ins_site_idx" ON "qr_sign_ins" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_account_idx" ON "recovery_codes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_account_idx" ON "sign_in_challenges" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_events_account_idx" ON "sign_in_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "sign_in_events_site_idx" ON "sign_in_events" USING btree ("site_id","created_at");--> statement-breakpoint
-- The auth triggers of 0023, kept true for the new columns and tables. The accounts trigger names
-- the two new password columns (the caller carries the account row). The sessions trigger no
-- longer fires for last_seen_at, which a live session writes once a minute: announcing it would
-- empty every process's session cache of the site each time.
DROP TRIGGER accounts_auth_changed ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed
  AFTER UPDATE OF id, site_id, kind, is_shadow, parent_id, lvl, path, account_no, role_codes, nick_name, password_hash,
    ratio, is_disabled, is_full_disabled, is_full_readonly, disabled_by, full_disabled_by, full_readonly_by, permissions,
    invite_code, providers, bet_limits, verify_status, registered, real_name, phone, verify_submitted_at, created_by, created_at,
    password_temporary, password_expires_at
    OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
DROP TRIGGER sessions_auth_changed ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed
  AFTER UPDATE OF id, token_hash, account_id, site_id, expires_at, revoked_at, created_at, ip, user_agent, method, step
    OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- An account's address list is part of its caller (every request is checked against its chain's
-- lists), so any change to it is announced like an account change.
CREATE TRIGGER account_address_lists_auth_changed AFTER INSERT OR UPDATE OR DELETE ON account_address_lists
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER account_address_lists_auth_truncated AFTER TRUNCATE ON account_address_lists
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- History is append-only, like the operation logs: a sign-in event is never edited.
CREATE OR REPLACE FUNCTION sign_in_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'sign_in_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sign_in_events_no_update BEFORE UPDATE ON sign_in_events
  FOR EACH ROW EXECUTE FUNCTION sign_in_events_append_only();
