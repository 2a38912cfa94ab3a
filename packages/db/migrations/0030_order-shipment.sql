ALTER TABLE "orders" ADD COLUMN "carrier" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" varchar(30);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;