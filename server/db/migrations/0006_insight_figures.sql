CREATE TABLE "insight_figure_clocks" (
	"org_id" text PRIMARY KEY NOT NULL,
	"rev" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_figure_moves" (
	"org_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"day" date,
	"rev" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspect_days" (
	"org_id" text NOT NULL,
	"day" date NOT NULL,
	"vehicle_type" text NOT NULL,
	"inspections" integer NOT NULL,
	"seconds" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_months" (
	"org_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"month" date NOT NULL,
	"inspector_id" text,
	"inspector_name" text,
	"inspections" integer NOT NULL,
	"failed" integer NOT NULL,
	"notes" integer NOT NULL,
	"timed" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"latest" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_months" (
	"org_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"what" text NOT NULL,
	"month" date NOT NULL,
	"first_day" date NOT NULL,
	"first_reading" integer NOT NULL,
	"last_day" date NOT NULL,
	"last_reading" integer NOT NULL,
	"used" bigint NOT NULL,
	CONSTRAINT "usage_months_org_id_vehicle_id_what_month_pk" PRIMARY KEY("org_id","vehicle_id","what","month")
);
--> statement-breakpoint
CREATE INDEX "insight_figure_moves_org_rev" ON "insight_figure_moves" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "inspect_days_org_day" ON "inspect_days" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "inspection_months_org_month" ON "inspection_months" USING btree ("org_id","month");--> statement-breakpoint
CREATE INDEX "inspection_months_vehicle_month" ON "inspection_months" USING btree ("vehicle_id","month");--> statement-breakpoint

-- The kept figures' moves (server/db/schema/insight-figures.ts): an inspection's former vehicle and day when either changes.
CREATE FUNCTION "insight_figures_inspection_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "insight_figure_moves" ("org_id", "vehicle_id", "day", "rev")
	VALUES (OLD."org_id", OLD."vehicle_id", (OLD."inspection_date" AT TIME ZONE 'UTC')::date, NEW."rev");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inspections_insight_figures_moved" AFTER UPDATE OF "vehicle_id", "inspection_date" ON "inspections"
	FOR EACH ROW WHEN (OLD."vehicle_id" IS DISTINCT FROM NEW."vehicle_id" OR OLD."inspection_date" IS DISTINCT FROM NEW."inspection_date")
	EXECUTE FUNCTION "insight_figures_inspection_moved"();
--> statement-breakpoint
-- ... and a vehicle whose type changed, or that was deleted or restored: every day of its inspections.
CREATE FUNCTION "insight_figures_vehicle_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "insight_figure_moves" ("org_id", "vehicle_id", "day", "rev") VALUES (OLD."org_id", OLD."id", NULL, NEW."rev");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_insight_figures_moved" AFTER UPDATE OF "vehicle_type", "deleted_at" ON "vehicles"
	FOR EACH ROW WHEN (OLD."vehicle_type" IS DISTINCT FROM NEW."vehicle_type" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
	EXECUTE FUNCTION "insight_figures_vehicle_moved"();
