CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"business_type" varchar(10) DEFAULT 'BRAND' NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"full_name" varchar(50) NOT NULL,
	"mobile" varchar(13) NOT NULL,
	"email" varchar(254) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"lang" varchar(5) NOT NULL,
	"ip" varchar(45) NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contacts_ip_idx" ON "contacts" USING btree ("ip","created_at");