ALTER TABLE "org_clocks" ADD COLUMN "epoch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "org_clocks" ADD COLUMN "epoch_rev" bigint DEFAULT 0 NOT NULL;