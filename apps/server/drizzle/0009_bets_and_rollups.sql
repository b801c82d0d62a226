CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"provider_bet_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"player_id" integer NOT NULL,
	"agent_path" integer[] NOT NULL,
	"game_code" text NOT NULL,
	"game_category" text NOT NULL,
	"round_id" text NOT NULL,
	"bet_amount" bigint NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"win_loss" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bets_amounts_nonnegative" CHECK ("bets"."bet_amount" >= 0 and "bets"."valid_bet" >= 0 and "bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"site_id" text NOT NULL,
	"ancestor_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"child_id" integer NOT NULL,
	"provider_code" text NOT NULL,
	"game_category" text NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"win_loss" bigint DEFAULT 0 NOT NULL,
	"child_share" bigint DEFAULT 0 NOT NULL,
	"ancestor_share" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_rollups_site_id_ancestor_id_business_date_child_id_provider_code_game_category_pk" PRIMARY KEY("site_id","ancestor_id","business_date","child_id","provider_code","game_category")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "secret_rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_provider_bet_version_uq" ON "bets" USING btree ("site_id","provider_code","provider_bet_id","version");--> statement-breakpoint
CREATE INDEX "bets_site_placed_idx" ON "bets" USING btree ("site_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_player_placed_idx" ON "bets" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_agent_path_gin" ON "bets" USING gin ("agent_path");