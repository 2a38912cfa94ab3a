ALTER TABLE "posts" DROP CONSTRAINT "posts_type_ck";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_type_ck" CHECK ("posts"."type" in ('NOTICE', 'CAREER'));