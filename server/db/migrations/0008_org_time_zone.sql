-- Issue 50: the organization's time zone. Organizations from before it keep UTC, as they behaved;
-- a new one has none until its first vco's browser gives it one.
ALTER TABLE "organizations" ADD COLUMN "time_zone" text;
--> statement-breakpoint
UPDATE "organizations" SET "time_zone" = 'UTC';
