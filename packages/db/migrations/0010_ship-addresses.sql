CREATE TABLE "ship_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ship_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"full_name" varchar(50) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"postal_code" varchar(5) NOT NULL,
	"address1" varchar(200) NOT NULL,
	"address2" varchar(200) DEFAULT '' NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ship_addresses" ADD CONSTRAINT "ship_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ship_addresses_user_idx" ON "ship_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_addresses_one_default_uq" ON "ship_addresses" USING btree ("user_id") WHERE "ship_addresses"."is_default";