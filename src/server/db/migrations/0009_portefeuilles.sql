CREATE TABLE "portefeuilles" (
	"username" text NOT NULL,
	"num_tiers" text NOT NULL,
	CONSTRAINT "portefeuilles_username_num_tiers_pk" PRIMARY KEY("username","num_tiers")
);
--> statement-breakpoint
ALTER TABLE "portefeuilles" ADD CONSTRAINT "portefeuilles_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "public"."users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portefeuilles" ADD CONSTRAINT "portefeuilles_num_tiers_tiers_num_tiers_fk" FOREIGN KEY ("num_tiers") REFERENCES "public"."tiers"("num_tiers") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portefeuilles_num_tiers_index" ON "portefeuilles" USING btree ("num_tiers");