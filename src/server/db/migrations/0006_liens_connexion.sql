CREATE TABLE "liens_connexion" (
	"empreinte" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"envoye_par" text NOT NULL,
	"email" text NOT NULL,
	"cree_a" timestamp with time zone NOT NULL,
	"expire_a" timestamp with time zone NOT NULL,
	"utilise_a" timestamp with time zone,
	"remplace_a" timestamp with time zone,
	"mail_id" integer
);
--> statement-breakpoint
ALTER TABLE "liens_connexion" ADD CONSTRAINT "liens_connexion_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "public"."users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liens_connexion_username_cree_a_index" ON "liens_connexion" USING btree ("username","cree_a");