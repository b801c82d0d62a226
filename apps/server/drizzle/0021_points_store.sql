CREATE TABLE "player_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"player_id" integer NOT NULL,
	"site_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "player_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_nonnegative" CHECK ("points_accounts"."balance" >= 0 and "points_accounts"."debt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_bet_earnings" (
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"provider_bet_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"earned" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_bet_earnings_site_id_provider_code_provider_bet_id_pk" PRIMARY KEY("site_id","provider_code","provider_bet_id")
);
--> statement-breakpoint
CREATE TABLE "points_bet_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_row_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"provider_code" text,
	"provider_bet_id" text,
	"bet_row_id" bigint,
	"bet_status" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_balance_nonnegative" CHECK ("points_entries"."balance_after" >= 0),
	CONSTRAINT "points_entries_source" CHECK (("points_entries"."type" = 'GetByValidBet' and "points_entries"."bet_row_id" is not null and "points_entries"."order_id" is null)
       or ("points_entries"."type" <> 'GetByValidBet' and "points_entries"."order_id" is not null and "points_entries"."bet_row_id" is null))
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"per_player_limit" integer,
	"status" text DEFAULT 'Draft' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_goods_price_positive" CHECK ("store_goods"."price" > 0),
	CONSTRAINT "store_goods_stock_nonnegative" CHECK ("store_goods"."stock" >= 0),
	CONSTRAINT "store_goods_limit_positive" CHECK ("store_goods"."per_player_limit" is null or "store_goods"."per_player_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"status" text DEFAULT 'Unshipped' NOT NULL,
	"shipping_note" text,
	"shipped_by" integer,
	"shipped_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_quantity_positive" CHECK ("store_orders"."quantity" > 0 and "store_orders"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"points_per_100" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_rate_range" CHECK ("store_settings"."points_per_100" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_accounts_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_player_id_accounts_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_player_id_points_accounts_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."points_accounts"("player_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_goods" ADD CONSTRAINT "store_goods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_goods" ADD CONSTRAINT "store_goods_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_goods" ADD CONSTRAINT "store_goods_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_goods" ADD CONSTRAINT "store_goods_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_player_id_accounts_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_goods_id_store_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."store_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_shipped_by_accounts_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_cancelled_by_accounts_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_sessions_player_idx" ON "player_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_player_idx" ON "points_entries" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "points_entries_site_created_idx" ON "points_entries" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_bet_state_uq" ON "points_entries" USING btree ("bet_row_id","bet_status") WHERE "points_entries"."bet_row_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_order_type_uq" ON "points_entries" USING btree ("order_id","type") WHERE "points_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_site_name_idx" ON "store_categories" USING btree ("site_id",lower("name"->>'zh_TW'));--> statement-breakpoint
CREATE INDEX "store_categories_site_sort_idx" ON "store_categories" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "store_goods_site_sort_idx" ON "store_goods" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "store_goods_category_idx" ON "store_goods" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_player_key_uq" ON "store_orders" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_orders_site_created_idx" ON "store_orders" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_goods_player_idx" ON "store_orders" USING btree ("goods_id","player_id");--> statement-breakpoint
-- The points ledger is append-only like the credit ledger (PRODUCT.md §4, §6).
CREATE TRIGGER points_entries_no_update_delete
  BEFORE UPDATE OR DELETE ON points_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER points_entries_no_truncate
  BEFORE TRUNCATE ON points_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- The earning job's queue: every bet version that reaches Settled or Canceled, written in the
-- transaction that settles it, whatever statement does it (one statement trigger per write,
-- not per row, so a settle batch pays one INSERT … SELECT over its transition table).
CREATE OR REPLACE FUNCTION points_queue_bets() RETURNS trigger AS $$
BEGIN
  INSERT INTO points_bet_queue (bet_row_id)
    SELECT n.id FROM points_changed_bets n WHERE n.status IN ('Settled', 'Canceled');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bets_points_queue_insert
  AFTER INSERT ON bets REFERENCING NEW TABLE AS points_changed_bets
  FOR EACH STATEMENT EXECUTE FUNCTION points_queue_bets();
--> statement-breakpoint
CREATE TRIGGER bets_points_queue_update
  AFTER UPDATE ON bets REFERENCING NEW TABLE AS points_changed_bets
  FOR EACH STATEMENT EXECUTE FUNCTION points_queue_bets();
