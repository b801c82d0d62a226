ALTER TABLE "qr_sign_ins" ADD COLUMN "wait_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_sign_ins" ADD CONSTRAINT "qr_sign_ins_wait_hash_unique" UNIQUE("wait_hash");