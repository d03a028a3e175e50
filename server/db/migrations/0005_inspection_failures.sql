CREATE TABLE "inspection_failure_clocks" (
	"org_id" text PRIMARY KEY NOT NULL,
	"rev" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_failures" (
	"org_id" text NOT NULL,
	"inspection_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"inspection_date" timestamp with time zone NOT NULL,
	"rule_id" text,
	"title" text
);
--> statement-breakpoint
CREATE INDEX "inspection_failures_org_date" ON "inspection_failures" USING btree ("org_id","inspection_date");--> statement-breakpoint
CREATE INDEX "inspection_failures_inspection" ON "inspection_failures" USING btree ("inspection_id");