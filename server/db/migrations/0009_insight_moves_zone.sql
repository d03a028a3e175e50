-- Issue 50: the kept insight figures are summed per day and month of the organization's zone, so an
-- inspection's former day, logged when it moves, is that zone's day too.
CREATE OR REPLACE FUNCTION "insight_figures_inspection_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "insight_figure_moves" ("org_id", "vehicle_id", "day", "rev")
	VALUES (OLD."org_id", OLD."vehicle_id",
		(OLD."inspection_date" AT TIME ZONE coalesce((SELECT "time_zone" FROM "organizations" WHERE "id" = OLD."org_id"), 'UTC'))::date, NEW."rev");
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Figures kept in UTC days for an organization with another zone are made again at the next read.
DELETE FROM "insight_figure_clocks" WHERE "org_id" IN (SELECT "id" FROM "organizations" WHERE coalesce("time_zone", 'UTC') <> 'UTC');
