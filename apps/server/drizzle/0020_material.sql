CREATE TABLE "game_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon_image_id" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"provider_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"provider_code" text NOT NULL,
	"code" text NOT NULL,
	"provider_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_category" text NOT NULL,
	"rtp_bp" integer,
	"thumbnail_url" text,
	"provider_status" text DEFAULT 'ACTIVE' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"names" jsonb DEFAULT '{"zh_TW":"","en":"","th":"","vi":""}'::jsonb NOT NULL,
	"image_id" text,
	"category_id" integer,
	"tag" smallint DEFAULT 0 NOT NULL,
	"tag_sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_tag_range" CHECK ("games"."tag" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "lobby_module_games" (
	"module_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lobby_module_games_module_id_game_id_pk" PRIMARY KEY("module_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "lobby_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"layout" text DEFAULT 'grid' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_icon_image_id_images_id_fk" FOREIGN KEY ("icon_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_code_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_category_id_game_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."game_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_module_games" ADD CONSTRAINT "lobby_module_games_module_id_lobby_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."lobby_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_module_games" ADD CONSTRAINT "lobby_module_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_modules" ADD CONSTRAINT "lobby_modules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_modules" ADD CONSTRAINT "lobby_modules_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_modules" ADD CONSTRAINT "lobby_modules_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_categories_site_name_idx" ON "game_categories" USING btree ("site_id",lower("name"->>'zh_TW'));--> statement-breakpoint
CREATE UNIQUE INDEX "games_site_provider_code_idx" ON "games" USING btree ("site_id","provider_code","code");--> statement-breakpoint
CREATE INDEX "games_site_sort_idx" ON "games" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "games_site_tag_idx" ON "games" USING btree ("site_id","tag","tag_sort");--> statement-breakpoint
CREATE INDEX "games_category_idx" ON "games" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "games_image_idx" ON "games" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "lobby_module_games_game_idx" ON "lobby_module_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "lobby_modules_site_sort_idx" ON "lobby_modules" USING btree ("site_id","sort","id");