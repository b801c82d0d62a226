CREATE TABLE "provider_held_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"position" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_pullbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text,
	"status" text NOT NULL,
	"refusal" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"ledger_transaction_id" bigint,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_pullbacks_amount_positive" CHECK ("provider_pullbacks"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_merchants" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "provider_held_transfers" ADD CONSTRAINT "provider_held_transfers_player_id_accounts_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_pullbacks" ADD CONSTRAINT "provider_pullbacks_player_id_accounts_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_pullbacks" ADD CONSTRAINT "provider_pullbacks_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_held_transfers_tx_uq" ON "provider_held_transfers" USING btree ("site_id","provider_code","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_held_transfers_site_created_idx" ON "provider_held_transfers" USING btree ("site_id","provider_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_pullbacks_key_uq" ON "provider_pullbacks" USING btree ("site_id","operator_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_pullbacks_tx_uq" ON "provider_pullbacks" USING btree ("site_id","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_pullbacks_pending_idx" ON "provider_pullbacks" USING btree ("player_id","provider_code") WHERE "provider_pullbacks"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "provider_pullbacks_site_created_idx" ON "provider_pullbacks" USING btree ("site_id","provider_code","created_at");