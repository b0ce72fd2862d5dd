-- Member search ignores case and accents ("Chênes" finds "GAEC DES TROIS CHÊNES"): the names
-- and towns are compared through unaccent and lower. Both extensions are "trusted" since
-- PostgreSQL 13, so a database owner may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change): an index needs an IMMUTABLE
-- function, so the dictionary is named explicitly, the usual way to index unaccented text.
CREATE OR REPLACE FUNCTION silo_sans_accents(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- Trigram indexes serve the "anywhere in the name / town" LIKE of the search.
CREATE INDEX IF NOT EXISTS tiers_raison_sociale_sans_accents_idx
  ON tiers USING gin (silo_sans_accents(raison_sociale) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS adresses_ville_sans_accents_idx
  ON adresses USING gin (silo_sans_accents(ville) gin_trgm_ops);
