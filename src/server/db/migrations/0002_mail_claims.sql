ALTER TABLE "mail_outbox" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."sent_at" is null;