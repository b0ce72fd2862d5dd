CREATE SEQUENCE "public"."commande_flux_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"empreinte" text NOT NULL,
	"prefixe" text NOT NULL,
	"creee_a" timestamp with time zone DEFAULT now() NOT NULL,
	"derniere_utilisation" timestamp with time zone,
	"revoquee_a" timestamp with time zone,
	"fenetre_debut" timestamp with time zone,
	"fenetre_compte" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_keys_nom_unique" UNIQUE("nom"),
	CONSTRAINT "api_keys_empreinte_unique" UNIQUE("empreinte")
);
--> statement-breakpoint
CREATE TABLE "commande_flux" (
	"commande_id" integer PRIMARY KEY NOT NULL,
	"position" bigint,
	"cle_idempotence" text,
	"ecrit_a" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"publie_a" timestamp with time zone,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"tentatives" integer DEFAULT 0 NOT NULL,
	"erreur" text,
	CONSTRAINT "commande_flux_position_unique" UNIQUE("position")
);
--> statement-breakpoint
ALTER TABLE "commande_etapes" ADD COLUMN "quantite_livree" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "commande_etapes" ADD COLUMN "date_livraison" date;--> statement-breakpoint
ALTER TABLE "commande_etapes" ADD COLUMN "num_livraison" text;--> statement-breakpoint
ALTER TABLE "commande_flux" ADD CONSTRAINT "commande_flux_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commande_flux_a_publier" ON "commande_flux" USING btree ("position") WHERE "commande_flux"."publie_a" is null;--> statement-breakpoint
-- The orders accepted before the feed existed enter it, oldest first. Orders being inserted right
-- now (an older instance still running) are waited for, so that none is left out of the feed.
LOCK TABLE "commandes" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "commande_flux" ("commande_id", "position")
  SELECT "id", nextval('commande_flux_position_seq') FROM (SELECT "id" FROM "commandes" ORDER BY "id") AS c;--> statement-breakpoint
-- A feed row's position is taken at its transaction's commit (services/order-feed.ts): a deferred
-- constraint trigger runs within COMMIT, after everything else the transaction does; it takes one
-- advisory lock, held until the commit is over, then the next position. The next transaction to
-- commit an order waits for that lock, so it takes its position only once this one is visible:
-- positions become visible in increasing order. A row that already has its position (a restored
-- backup) keeps it.
CREATE FUNCTION "commande_flux_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7146041, 1);
  UPDATE "commande_flux" SET "position" = nextval('commande_flux_position_seq')
    WHERE "commande_id" = NEW."commande_id" AND "position" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "commande_flux_position" AFTER INSERT ON "commande_flux"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "commande_flux_position"();
