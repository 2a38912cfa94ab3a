CREATE TYPE "public"."staff_role" AS ENUM('admin', 'sales', 'warehouse');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" "staff_role";--> statement-breakpoint
UPDATE "users" SET "staff_role" = 'admin' WHERE "role" = 'ADMIN';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_ck" CHECK (("users"."role" = 'ADMIN') = ("users"."staff_role" is not null));