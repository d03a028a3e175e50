CREATE TABLE "fleet_summaries" (
	"vehicle_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_summary_clocks" (
	"org_id" text PRIMARY KEY NOT NULL,
	"rev" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fleet_summaries_org" ON "fleet_summaries" USING btree ("org_id");