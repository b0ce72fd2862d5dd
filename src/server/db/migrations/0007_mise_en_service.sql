DROP INDEX "mail_outbox_pending";--> statement-breakpoint
ALTER TABLE "liens_connexion" ADD COLUMN "origine" text DEFAULT 'personnel' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priorite" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "desactive_a" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "connexion_oidc_a" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "portee" text DEFAULT 'lecture-ecriture' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expire_a" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_claimed" ON "mail_outbox" USING btree ("claimed_until") WHERE "mail_outbox"."claim_token" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending" ON "mail_outbox" USING btree ("priorite","id") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
-- Tokens kept in clear by earlier versions (issue 48): every link whose mail still holds its token
-- is put out of service, and the token wiped from the mail's text. Staff or the member ask again.
UPDATE "liens_connexion" SET "remplace_a" = now() WHERE "utilise_a" IS NULL AND "remplace_a" IS NULL AND "mail_id" IN (SELECT "id" FROM "mail_outbox" WHERE "body" LIKE '%jeton=%' AND "body" NOT LIKE '%jeton=(lien-hors-service)%');--> statement-breakpoint
UPDATE "mail_outbox" SET "body" = regexp_replace("body", 'jeton=[A-Za-z0-9_-]+', 'jeton=(lien-hors-service)', 'g') WHERE "body" ~ 'jeton=[A-Za-z0-9_-]{20,}';
