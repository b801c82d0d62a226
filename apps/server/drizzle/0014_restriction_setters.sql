ALTER TABLE "accounts" ADD COLUMN "disabled_by" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "full_disabled_by" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "full_readonly_by" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_disabled_by_accounts_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_full_disabled_by_accounts_id_fk" FOREIGN KEY ("full_disabled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_full_readonly_by_accounts_id_fk" FOREIGN KEY ("full_readonly_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Restrictions set before this migration: the operator of the latest log row that set it, else the site's admin.
UPDATE "accounts" a SET "disabled_by" = coalesce(
  (SELECT l.operator_id FROM "operation_logs" l WHERE l.target_id = a.id AND l.action = 'DISABLE' AND l.operator_id IS NOT NULL ORDER BY l.id DESC LIMIT 1),
  (SELECT r.id FROM "accounts" r WHERE r.site_id = a.site_id AND r.parent_id IS NULL))
WHERE a.is_disabled;--> statement-breakpoint
UPDATE "accounts" a SET "full_disabled_by" = coalesce(
  (SELECT l.operator_id FROM "operation_logs" l WHERE l.target_id = a.id AND l.action = 'FULLY_DISABLE' AND l.operator_id IS NOT NULL ORDER BY l.id DESC LIMIT 1),
  (SELECT r.id FROM "accounts" r WHERE r.site_id = a.site_id AND r.parent_id IS NULL))
WHERE a.is_full_disabled;--> statement-breakpoint
UPDATE "accounts" a SET "full_readonly_by" = coalesce(
  (SELECT l.operator_id FROM "operation_logs" l WHERE l.target_id = a.id AND l.action = 'FULLY_READ_ONLY' AND l.operator_id IS NOT NULL ORDER BY l.id DESC LIMIT 1),
  (SELECT r.id FROM "accounts" r WHERE r.site_id = a.site_id AND r.parent_id IS NULL))
WHERE a.is_full_readonly;
