CREATE SEQUENCE "public"."versions_hors_connexion_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "versions_hors_connexion" (
	"num_tiers" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Issue 50: the version of each member's snapshot for no signal (src/server/db/schema/versions.ts).
-- The row '*' holds what every member's snapshot reads (reference data, parameters, the banner);
-- absent (a new database, nothing written yet) it reads as 0. A restore fills it from the backup.
-- A write to a table every snapshot reads: the row '*' moves, unless the statement changed no row.
-- While `silo.versions_differees` is on (the import's and a restore's transaction), nothing moves
-- here: the import moves '*' once at its end, and holds no member's row meanwhile (an order never
-- waits on it); a restore writes the backup's own rows.
CREATE FUNCTION "versions_hors_connexion_globale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('silo.versions_differees', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM nouvelles) THEN RETURN NULL; END IF;
  ELSIF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF NOT EXISTS (SELECT 1 FROM anciennes) THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO "versions_hors_connexion" ("num_tiers", "version") VALUES ('*', nextval('versions_hors_connexion_seq'))
    ON CONFLICT ("num_tiers") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A write to a member's table: each member whose rows the statement touched gets one new version,
-- by one upsert for the whole statement (its transition tables). TG_ARGV[0] is the query of the
-- member numbers from the rows `$T` (the table itself, or through the parents of a child's rows).
CREATE FUNCTION "versions_hors_connexion_membres"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q text;
BEGIN
  IF current_setting('silo.versions_differees', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    q := replace(TG_ARGV[0], '$T', 'nouvelles');
  ELSIF TG_OP = 'DELETE' THEN
    q := replace(TG_ARGV[0], '$T', 'anciennes');
  ELSE
    q := replace(TG_ARGV[0], '$T', 'nouvelles') || ' UNION ' || replace(TG_ARGV[0], '$T', 'anciennes');
  END IF;
  -- In member order: two statements touching the same members lock their rows in the same order.
  EXECUTE 'INSERT INTO "versions_hors_connexion" ("num_tiers", "version")'
    || ' SELECT n, nextval(''versions_hors_connexion_seq'') FROM (SELECT DISTINCT n FROM (' || q || ') x(n) WHERE n IS NOT NULL ORDER BY n) m'
    || ' ON CONFLICT ("num_tiers") DO UPDATE SET "version" = excluded."version"';
  RETURN NULL;
END $$;--> statement-breakpoint
-- A TRUNCATE has no transition table: every snapshot moves.
CREATE FUNCTION "versions_hors_connexion_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('silo.versions_differees', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO "versions_hors_connexion" ("num_tiers", "version") VALUES ('*', nextval('versions_hors_connexion_seq'))
    ON CONFLICT ("num_tiers") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
  q text;
  globales text[] := ARRAY['articles', 'article_contraintes', 'article_mineraux', 'article_supplementations',
    'parametres', 'messages_bandeau', 'jours_feries', 'types_silo', 'modes_camion', 'periodes_livraison',
    'departements', 'filieres', 'presentations_articles', 'commentaires_predefinis', 'modes_reglement'];
  directes text[] := ARRAY['tiers', 'adresses', 'articles_commandables', 'contraintes_livraison',
    'incompatibilites_adresse', 'contrats', 'domiciliations_bancaires', 'incidents_paiement', 'reglements_tiers',
    'livraisons', 'exploitations', 'batiments', 'lots', 'commandes'];
  enfants text[][] := ARRAY[
    ['livraison_lignes', 'SELECT p.num_tiers FROM $T t JOIN livraisons p ON p.num_livraison = t.num_livraison'],
    ['batiment_types_silo', 'SELECT p.num_tiers FROM $T t JOIN batiments p ON p.num_batiment = t.num_batiment'],
    ['plans_alimentation', 'SELECT p.num_tiers FROM $T t JOIN lots p ON p.num_lot = t.num_lot'],
    ['tranches', 'SELECT l.num_tiers FROM $T t JOIN plans_alimentation p ON p.id = t.plan_id JOIN lots l ON l.num_lot = p.num_lot'],
    ['tranche_articles', 'SELECT l.num_tiers FROM $T t JOIN tranches r ON r.id = t.tranche_id JOIN plans_alimentation p ON p.id = r.plan_id JOIN lots l ON l.num_lot = p.num_lot'],
    ['commande_lignes', 'SELECT c.num_tiers FROM $T t JOIN commandes c ON c.id = t.commande_id'],
    ['commande_commentaires', 'SELECT c.num_tiers FROM $T t JOIN commandes c ON c.id = t.commande_id'],
    ['commande_etapes', 'SELECT c.num_tiers FROM $T t JOIN commande_lignes l ON l.id = t.ligne_id JOIN commandes c ON c.id = l.commande_id'],
    ['commande_ligne_mineraux', 'SELECT c.num_tiers FROM $T t JOIN commande_lignes l ON l.id = t.ligne_id JOIN commandes c ON c.id = l.commande_id'],
    ['commande_ligne_supplementations', 'SELECT c.num_tiers FROM $T t JOIN commande_lignes l ON l.id = t.ligne_id JOIN commandes c ON c.id = l.commande_id']
  ];
  i int;
BEGIN
  FOREACH t IN ARRAY globales LOOP
    EXECUTE format('CREATE TRIGGER versions_hc_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_globale()', t);
    EXECUTE format('CREATE TRIGGER versions_hc_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_globale()', t);
    EXECUTE format('CREATE TRIGGER versions_hc_del AFTER DELETE ON %I REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_globale()', t);
  END LOOP;
  FOR i IN 1 .. array_length(directes, 1) + array_length(enfants, 1) LOOP
    IF i <= array_length(directes, 1) THEN
      t := directes[i];
      q := 'SELECT t.num_tiers FROM $T t';
    ELSE
      t := enfants[i - array_length(directes, 1)][1];
      q := enfants[i - array_length(directes, 1)][2];
    END IF;
    EXECUTE format('CREATE TRIGGER versions_hc_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_membres(%L)', t, q);
    EXECUTE format('CREATE TRIGGER versions_hc_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_membres(%L)', t, q);
    EXECUTE format('CREATE TRIGGER versions_hc_del AFTER DELETE ON %I REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_membres(%L)', t, q);
  END LOOP;
  FOREACH t IN ARRAY globales || directes || ARRAY['livraison_lignes', 'batiment_types_silo', 'plans_alimentation',
    'tranches', 'tranche_articles', 'commande_lignes', 'commande_commentaires', 'commande_etapes',
    'commande_ligne_mineraux', 'commande_ligne_supplementations'] LOOP
    EXECUTE format('CREATE TRIGGER versions_hc_vidage AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION versions_hors_connexion_vidage()', t);
  END LOOP;
END $$;
