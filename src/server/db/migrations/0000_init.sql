CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"num_tiers" text,
	"action" text NOT NULL,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"username" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_username_key_pk" PRIMARY KEY("username","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"acting_for_num_tiers" text,
	"created_at" timestamp with time zone NOT NULL,
	"login_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"username" text PRIMARY KEY NOT NULL,
	"password_hash" text,
	"display_name" text NOT NULL,
	"email" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_contraintes" (
	"num_article" text PRIMARY KEY NOT NULL,
	"quantite_min" numeric(10, 3),
	"quantite_max" numeric(10, 3),
	"quantite_max_mineral" numeric(10, 3)
);
--> statement-breakpoint
CREATE TABLE "article_mineraux" (
	"num_article" text NOT NULL,
	"num_article_mineral" text NOT NULL,
	CONSTRAINT "article_mineraux_num_article_num_article_mineral_pk" PRIMARY KEY("num_article","num_article_mineral")
);
--> statement-breakpoint
CREATE TABLE "article_supplementations" (
	"num_article" text NOT NULL,
	"num_article_supplementation" text NOT NULL,
	"groupe" text NOT NULL,
	CONSTRAINT "article_supplementations_num_article_num_article_supplementation_pk" PRIMARY KEY("num_article","num_article_supplementation")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"num_article" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"libelle_long" text,
	"code_type_article" text NOT NULL,
	"code_sous_type_article" text,
	"type_aliment" text,
	"code_departement" text,
	"code_famille" text,
	"code_categorie" text,
	"code_presentation" text,
	"code_filiere" text,
	"code_unite_article" text DEFAULT 'T' NOT NULL,
	"commandable_par_defaut" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles_commandables" (
	"num_tiers" text NOT NULL,
	"num_article" text NOT NULL,
	"art_commandable" boolean NOT NULL,
	"set_by" text,
	"set_at" timestamp with time zone,
	CONSTRAINT "articles_commandables_num_tiers_num_article_pk" PRIMARY KEY("num_tiers","num_article")
);
--> statement-breakpoint
CREATE TABLE "contraintes_livraison" (
	"num_article" text NOT NULL,
	"num_tiers" text NOT NULL,
	"num_adr" integer NOT NULL,
	"delais_min_jours_ouvres" integer NOT NULL,
	"lundi" boolean NOT NULL,
	"mardi" boolean NOT NULL,
	"mercredi" boolean NOT NULL,
	"jeudi" boolean NOT NULL,
	"vendredi" boolean NOT NULL,
	"samedi" boolean NOT NULL,
	"dimanche" boolean NOT NULL,
	CONSTRAINT "contraintes_livraison_num_article_num_tiers_num_adr_pk" PRIMARY KEY("num_article","num_tiers","num_adr")
);
--> statement-breakpoint
CREATE TABLE "incompatibilites_adresse" (
	"num_article" text NOT NULL,
	"num_tiers" text NOT NULL,
	"num_adr" integer NOT NULL,
	"motif" text,
	CONSTRAINT "incompatibilites_adresse_num_article_num_tiers_num_adr_pk" PRIMARY KEY("num_article","num_tiers","num_adr")
);
--> statement-breakpoint
CREATE TABLE "contrats" (
	"num_contrat" text PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"code_t_contrat" text NOT NULL,
	"num_formule" text,
	"libelle_typecontrat" text NOT NULL,
	"num_article" text NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"qte_contrat" numeric(10, 3) NOT NULL,
	"qte_restante" numeric(10, 3) NOT NULL,
	"num_lot" text,
	"num_batiment" integer
);
--> statement-breakpoint
CREATE TABLE "adresses" (
	"num_tiers" text NOT NULL,
	"num_adr" integer NOT NULL,
	"etat" text NOT NULL,
	"adresse1" text,
	"adresse2" text,
	"adresse3" text,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	CONSTRAINT "adresses_num_tiers_num_adr_pk" PRIMARY KEY("num_tiers","num_adr"),
	CONSTRAINT "adresses_etat" CHECK ("adresses"."etat" in ('A', 'S'))
);
--> statement-breakpoint
CREATE TABLE "domiciliations_bancaires" (
	"num_domiciliation_bancaire" integer PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"numero_compte" text NOT NULL,
	"nom_banque" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents_paiement" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"bloquant" boolean NOT NULL,
	"libelle" text,
	"date_incident" date NOT NULL,
	"date_levee" date
);
--> statement-breakpoint
CREATE TABLE "modes_reglement" (
	"code_regt" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"taux_escompte" numeric(5, 2) DEFAULT 0 NOT NULL,
	"delai_echeance_jours" integer NOT NULL,
	"avec_domiciliation" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reglements_tiers" (
	"num_tiers" text NOT NULL,
	"code_regt" text NOT NULL,
	"par_defaut" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reglements_tiers_num_tiers_code_regt_pk" PRIMARY KEY("num_tiers","code_regt")
);
--> statement-breakpoint
CREATE TABLE "tiers" (
	"num_tiers" text PRIMARY KEY NOT NULL,
	"raison_sociale" text NOT NULL,
	"type_tiers" text NOT NULL,
	"num_entite" text NOT NULL,
	"email" text,
	"region" text
);
--> statement-breakpoint
CREATE TABLE "livraison_lignes" (
	"num_livraison" text NOT NULL,
	"num_ligne" integer NOT NULL,
	"num_article" text NOT NULL,
	"quantite_livree" numeric(10, 3) NOT NULL,
	"num_adresse" integer,
	"num_exploitation" integer,
	"num_batiment" integer,
	"num_lot" text,
	"num_commande" text,
	CONSTRAINT "livraison_lignes_num_livraison_num_ligne_pk" PRIMARY KEY("num_livraison","num_ligne")
);
--> statement-breakpoint
CREATE TABLE "livraisons" (
	"num_livraison" text PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"date_effective_livraison" date NOT NULL,
	"code_mode_camion" text
);
--> statement-breakpoint
CREATE TABLE "batiment_types_silo" (
	"num_batiment" integer NOT NULL,
	"code_type_silo" text NOT NULL,
	CONSTRAINT "batiment_types_silo_num_batiment_code_type_silo_pk" PRIMARY KEY("num_batiment","code_type_silo")
);
--> statement-breakpoint
CREATE TABLE "batiments" (
	"num_batiment" integer PRIMARY KEY NOT NULL,
	"num_exploitation" integer NOT NULL,
	"num_tiers" text NOT NULL,
	"libelle" text NOT NULL,
	"code_filiere" text
);
--> statement-breakpoint
CREATE TABLE "exploitations" (
	"num_exploitation" integer PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"num_lot" text PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"num_exploitation" integer NOT NULL,
	"num_batiment" integer NOT NULL,
	"date_mep" date NOT NULL,
	"nb_animaux" integer NOT NULL,
	"code_filiere" text
);
--> statement-breakpoint
CREATE TABLE "plans_alimentation" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_lot" text NOT NULL,
	"libelle" text NOT NULL,
	"principal" boolean NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tranche_articles" (
	"tranche_id" integer NOT NULL,
	"num_article" text NOT NULL,
	CONSTRAINT "tranche_articles_tranche_id_num_article_pk" PRIMARY KEY("tranche_id","num_article")
);
--> statement-breakpoint
CREATE TABLE "tranches" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"ordre" integer NOT NULL,
	"age_mini" integer NOT NULL,
	"age_maxi" integer NOT NULL,
	"quantite" numeric(10, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commande_commentaires" (
	"commande_id" integer PRIMARY KEY NOT NULL,
	"libre" text,
	"predefinis" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commande_etapes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ligne_id" integer NOT NULL,
	"etape" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "commande_etapes_etape" CHECK ("commande_etapes"."etape" in ('ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE', 'SUPPRIMEE', 'ERREUR'))
);
--> statement-breakpoint
CREATE TABLE "commande_ligne_mineraux" (
	"ligne_id" integer NOT NULL,
	"num_article" text NOT NULL,
	"quantite_commande" numeric(5, 2) NOT NULL,
	CONSTRAINT "commande_ligne_mineraux_ligne_id_num_article_pk" PRIMARY KEY("ligne_id","num_article")
);
--> statement-breakpoint
CREATE TABLE "commande_ligne_supplementations" (
	"ligne_id" integer NOT NULL,
	"num_article" text NOT NULL,
	CONSTRAINT "commande_ligne_supplementations_ligne_id_num_article_pk" PRIMARY KEY("ligne_id","num_article")
);
--> statement-breakpoint
CREATE TABLE "commande_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"id_ligne" text NOT NULL,
	"etape" text NOT NULL,
	"num_article" text NOT NULL,
	"libelle_article" text NOT NULL,
	"code_type_article" text NOT NULL,
	"quantite_commande" numeric(10, 3) NOT NULL,
	"code_unite_article" text DEFAULT 'T' NOT NULL,
	"num_adresse" integer,
	"date_prevue_livraison" date NOT NULL,
	"fin_date_prevue_livraison" date NOT NULL,
	"matin_apmidi" text NOT NULL,
	"fin_matin_apmidi" text NOT NULL,
	"code_mode_camion" text DEFAULT 'VIS' NOT NULL,
	"code_type_silo1" text,
	"code_type_silo2" text,
	"code_type_silo3" text,
	"melange_dechargement" boolean DEFAULT false NOT NULL,
	"num_contrat" text,
	"num_lot" text,
	"num_batiment" integer,
	"num_exploitation" integer,
	"code_reglement" text,
	"num_domiciliation_bancaire" integer,
	"commentaire" text,
	CONSTRAINT "commande_lignes_commandeId_idLigne_unique" UNIQUE("commande_id","id_ligne"),
	CONSTRAINT "commande_lignes_etape" CHECK ("commande_lignes"."etape" in ('ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE', 'SUPPRIMEE', 'ERREUR'))
);
--> statement-breakpoint
CREATE TABLE "commandes" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"num_tiers" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"username" text,
	"commentaire" text,
	CONSTRAINT "commandes_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_tiers" text NOT NULL,
	"numero_commande" text,
	"username" text NOT NULL,
	"note_globale" numeric(2, 1) NOT NULL,
	"note_design" numeric(2, 1),
	"note_fluidite" numeric(2, 1),
	"note_lisibilite" numeric(2, 1),
	"note_navigation" numeric(2, 1),
	"commentaire" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_commentaire" CHECK (char_length("evaluations"."commentaire") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "messages_bandeau" (
	"id" serial PRIMARY KEY NOT NULL,
	"texte" text NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date
);
--> statement-breakpoint
CREATE TABLE "parametres" (
	"jeu" text NOT NULL,
	"prefix" text NOT NULL,
	"categorie" text NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"libelle" text,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "parametres_jeu_categorie_code_pk" PRIMARY KEY("jeu","categorie","code")
);
--> statement-breakpoint
CREATE TABLE "commentaires_predefinis" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_type_silo" text,
	"libelle" text NOT NULL,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departements" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filieres" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_texts" (
	"page_key" text PRIMARY KEY NOT NULL,
	"texte" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jours_feries" (
	"date" date PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modes_camion" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"libelle_option" text,
	"option_de" text,
	"min_quantite" numeric(10, 3),
	"max_quantite" numeric(10, 3),
	"delai_min_livraison" integer,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodes_livraison" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presentations_articles" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "types_silo" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"par_defaut" boolean DEFAULT false NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "public"."users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_contraintes" ADD CONSTRAINT "article_contraintes_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_mineraux" ADD CONSTRAINT "article_mineraux_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_mineraux" ADD CONSTRAINT "article_mineraux_num_article_mineral_articles_num_article_fk" FOREIGN KEY ("num_article_mineral") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_supplementations" ADD CONSTRAINT "article_supplementations_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_supplementations" ADD CONSTRAINT "article_supplementations_num_article_supplementation_articles_num_article_fk" FOREIGN KEY ("num_article_supplementation") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_code_departement_departements_code_fk" FOREIGN KEY ("code_departement") REFERENCES "public"."departements"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_code_presentation_presentations_articles_code_fk" FOREIGN KEY ("code_presentation") REFERENCES "public"."presentations_articles"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_code_filiere_filieres_code_fk" FOREIGN KEY ("code_filiere") REFERENCES "public"."filieres"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles_commandables" ADD CONSTRAINT "articles_commandables_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles_commandables" ADD CONSTRAINT "articles_commandables_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contraintes_livraison" ADD CONSTRAINT "contraintes_livraison_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contraintes_livraison" ADD CONSTRAINT "contraintes_livraison_num_tiers_num_adr_adresses_num_tiers_num_adr_fk" FOREIGN KEY ("num_tiers","num_adr") REFERENCES "public"."adresses"("num_tiers","num_adr") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incompatibilites_adresse" ADD CONSTRAINT "incompatibilites_adresse_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incompatibilites_adresse" ADD CONSTRAINT "incompatibilites_adresse_num_tiers_num_adr_adresses_num_tiers_num_adr_fk" FOREIGN KEY ("num_tiers","num_adr") REFERENCES "public"."adresses"("num_tiers","num_adr") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrats" ADD CONSTRAINT "contrats_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrats" ADD CONSTRAINT "contrats_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domiciliations_bancaires" ADD CONSTRAINT "domiciliations_bancaires_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents_paiement" ADD CONSTRAINT "incidents_paiement_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglements_tiers" ADD CONSTRAINT "reglements_tiers_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglements_tiers" ADD CONSTRAINT "reglements_tiers_code_regt_modes_reglement_code_regt_fk" FOREIGN KEY ("code_regt") REFERENCES "public"."modes_reglement"("code_regt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livraison_lignes" ADD CONSTRAINT "livraison_lignes_num_livraison_livraisons_num_livraison_fk" FOREIGN KEY ("num_livraison") REFERENCES "public"."livraisons"("num_livraison") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livraison_lignes" ADD CONSTRAINT "livraison_lignes_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livraisons" ADD CONSTRAINT "livraisons_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batiment_types_silo" ADD CONSTRAINT "batiment_types_silo_num_batiment_batiments_num_batiment_fk" FOREIGN KEY ("num_batiment") REFERENCES "public"."batiments"("num_batiment") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batiment_types_silo" ADD CONSTRAINT "batiment_types_silo_code_type_silo_types_silo_code_fk" FOREIGN KEY ("code_type_silo") REFERENCES "public"."types_silo"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batiments" ADD CONSTRAINT "batiments_num_exploitation_exploitations_num_exploitation_fk" FOREIGN KEY ("num_exploitation") REFERENCES "public"."exploitations"("num_exploitation") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batiments" ADD CONSTRAINT "batiments_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batiments" ADD CONSTRAINT "batiments_code_filiere_filieres_code_fk" FOREIGN KEY ("code_filiere") REFERENCES "public"."filieres"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploitations" ADD CONSTRAINT "exploitations_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_num_exploitation_exploitations_num_exploitation_fk" FOREIGN KEY ("num_exploitation") REFERENCES "public"."exploitations"("num_exploitation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_num_batiment_batiments_num_batiment_fk" FOREIGN KEY ("num_batiment") REFERENCES "public"."batiments"("num_batiment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_code_filiere_filieres_code_fk" FOREIGN KEY ("code_filiere") REFERENCES "public"."filieres"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans_alimentation" ADD CONSTRAINT "plans_alimentation_num_lot_lots_num_lot_fk" FOREIGN KEY ("num_lot") REFERENCES "public"."lots"("num_lot") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tranche_articles" ADD CONSTRAINT "tranche_articles_tranche_id_tranches_id_fk" FOREIGN KEY ("tranche_id") REFERENCES "public"."tranches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tranche_articles" ADD CONSTRAINT "tranche_articles_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tranches" ADD CONSTRAINT "tranches_plan_id_plans_alimentation_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans_alimentation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_commentaires" ADD CONSTRAINT "commande_commentaires_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_etapes" ADD CONSTRAINT "commande_etapes_ligne_id_commande_lignes_id_fk" FOREIGN KEY ("ligne_id") REFERENCES "public"."commande_lignes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_ligne_mineraux" ADD CONSTRAINT "commande_ligne_mineraux_ligne_id_commande_lignes_id_fk" FOREIGN KEY ("ligne_id") REFERENCES "public"."commande_lignes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_ligne_mineraux" ADD CONSTRAINT "commande_ligne_mineraux_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_ligne_supplementations" ADD CONSTRAINT "commande_ligne_supplementations_ligne_id_commande_lignes_id_fk" FOREIGN KEY ("ligne_id") REFERENCES "public"."commande_lignes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_ligne_supplementations" ADD CONSTRAINT "commande_ligne_supplementations_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_lignes" ADD CONSTRAINT "commande_lignes_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_lignes" ADD CONSTRAINT "commande_lignes_num_article_articles_num_article_fk" FOREIGN KEY ("num_article") REFERENCES "public"."articles"("num_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_lignes" ADD CONSTRAINT "commande_lignes_matin_apmidi_periodes_livraison_code_fk" FOREIGN KEY ("matin_apmidi") REFERENCES "public"."periodes_livraison"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_lignes" ADD CONSTRAINT "commande_lignes_fin_matin_apmidi_periodes_livraison_code_fk" FOREIGN KEY ("fin_matin_apmidi") REFERENCES "public"."periodes_livraison"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commande_lignes" ADD CONSTRAINT "commande_lignes_code_mode_camion_modes_camion_code_fk" FOREIGN KEY ("code_mode_camion") REFERENCES "public"."modes_camion"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentaires_predefinis" ADD CONSTRAINT "commentaires_predefinis_code_type_silo_types_silo_code_fk" FOREIGN KEY ("code_type_silo") REFERENCES "public"."types_silo"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_num_tiers_at_index" ON "audit_log" USING btree ("num_tiers","at");--> statement-breakpoint
CREATE INDEX "audit_log_username_at_index" ON "audit_log" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_at_index" ON "mail_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "sessions_username_index" ON "sessions" USING btree ("username");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "articles_code_type_article_index" ON "articles" USING btree ("code_type_article");--> statement-breakpoint
CREATE INDEX "articles_code_famille_index" ON "articles" USING btree ("code_famille");--> statement-breakpoint
CREATE INDEX "articles_commandables_num_article_index" ON "articles_commandables" USING btree ("num_article");--> statement-breakpoint
CREATE INDEX "contrats_num_tiers_date_fin_index" ON "contrats" USING btree ("num_tiers","date_fin");--> statement-breakpoint
CREATE INDEX "domiciliations_bancaires_num_tiers_index" ON "domiciliations_bancaires" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "incidents_paiement_num_tiers_index" ON "incidents_paiement" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "tiers_raison_sociale_index" ON "tiers" USING btree ("raison_sociale");--> statement-breakpoint
CREATE INDEX "livraisons_num_tiers_date_effective_livraison_index" ON "livraisons" USING btree ("num_tiers","date_effective_livraison");--> statement-breakpoint
CREATE INDEX "batiments_num_tiers_index" ON "batiments" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "exploitations_num_tiers_index" ON "exploitations" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "lots_num_tiers_index" ON "lots" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "plans_alimentation_num_lot_index" ON "plans_alimentation" USING btree ("num_lot");--> statement-breakpoint
CREATE INDEX "tranches_plan_id_index" ON "tranches" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "commande_etapes_ligne_id_index" ON "commande_etapes" USING btree ("ligne_id");--> statement-breakpoint
CREATE INDEX "commande_lignes_num_lot_num_article_index" ON "commande_lignes" USING btree ("num_lot","num_article");--> statement-breakpoint
CREATE INDEX "commandes_num_tiers_date_index" ON "commandes" USING btree ("num_tiers","date");--> statement-breakpoint
CREATE INDEX "evaluations_num_tiers_index" ON "evaluations" USING btree ("num_tiers");--> statement-breakpoint
CREATE INDEX "messages_bandeau_date_fin_index" ON "messages_bandeau" USING btree ("date_fin");