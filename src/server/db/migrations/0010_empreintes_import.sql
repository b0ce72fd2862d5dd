CREATE TABLE "import_ecritures" (
	"nom_table" text NOT NULL,
	"transaction" bigint NOT NULL,
	"insertion" boolean NOT NULL,
	CONSTRAINT "import_ecritures_nom_table_transaction_insertion_pk" PRIMARY KEY("nom_table","transaction","insertion")
);
--> statement-breakpoint
CREATE TABLE "import_empreintes" (
	"fichier" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"lignes" integer NOT NULL,
	"complet" boolean NOT NULL,
	"importe_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_tables_suivies" (
	"nom_table" text PRIMARY KEY NOT NULL,
	"insertions" boolean NOT NULL
);
--> statement-breakpoint
-- Issue 49: what was written to an imported table since the import merged its file
-- (src/server/db/schema/import.ts, src/server/import/fingerprints.ts). One row per table and
-- transaction: a writer never waits on another here. Only the tables the import has seen
-- (import_tables_suivies), and inserts only where a file was merged with --complet: an order, which
-- inserts, writes nothing here.
CREATE FUNCTION "import_ecriture_notee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "import_tables_suivies" WHERE "nom_table" = TG_TABLE_NAME AND "insertions";
  ELSE
    PERFORM 1 FROM "import_tables_suivies" WHERE "nom_table" = TG_TABLE_NAME;
  END IF;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO "import_ecritures" ("nom_table", "transaction", "insertion")
    VALUES (TG_TABLE_NAME, txid_current(), TG_OP = 'INSERT') ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every table an import file goes to (src/server/import/targets*.ts; tests/server/import-fingerprints.test.ts
-- checks that none is missing).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['departements', 'presentations_articles', 'filieres', 'periodes_livraison', 'types_silo',
    'modes_camion', 'modes_reglement', 'parametres', 'jours_feries', 'tiers', 'users', 'adresses', 'reglements_tiers',
    'domiciliations_bancaires', 'incidents_paiement', 'articles', 'article_contraintes', 'article_supplementations',
    'article_mineraux', 'articles_commandables', 'contraintes_livraison', 'incompatibilites_adresse', 'exploitations',
    'batiments', 'batiment_types_silo', 'lots', 'plans_alimentation', 'tranches', 'tranche_articles', 'contrats',
    'livraisons', 'livraison_lignes', 'commandes', 'commande_lignes', 'commande_ligne_supplementations',
    'commande_etapes', 'portefeuilles'] LOOP
    EXECUTE format('CREATE TRIGGER import_ecritures_ins AFTER INSERT ON %I FOR EACH STATEMENT EXECUTE FUNCTION import_ecriture_notee()', t);
    EXECUTE format('CREATE TRIGGER import_ecritures_maj AFTER UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION import_ecriture_notee()', t);
    EXECUTE format('CREATE TRIGGER import_ecritures_vidage AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION import_ecriture_notee()', t);
  END LOOP;
END $$;
