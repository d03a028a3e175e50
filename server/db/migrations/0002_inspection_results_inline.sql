-- An inspection's answers move into the inspection row (issue 15: read together, stored together).
ALTER TABLE "inspections" ADD COLUMN "results" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "inspections" AS i SET "results" = r."results"
FROM (
  SELECT "inspection_id", jsonb_agg(jsonb_build_object(
    'resultId', "id", 'position', "position", 'ruleId', "rule_id",
    'result', jsonb_build_object('isPassing', "is_passing", 'value', coalesce("value", 'null'::jsonb)),
    'isFixed', "is_fixed", 'comment', "comment", 'overview', "overview", 'type', "type", 'units', "units"
  ) ORDER BY "position", "id") AS "results"
  FROM "inspection_results" WHERE "deleted_at" IS NULL GROUP BY "inspection_id"
) AS r
WHERE r."inspection_id" = i."id";--> statement-breakpoint
DROP TABLE "inspection_results" CASCADE;--> statement-breakpoint
-- The feed inspectionResults is gone: every device starts its mirror over (a cursor below the new
-- horizon does not stand, server/sync/cursor-check.ts), and receives inspections with their answers.
UPDATE "org_clocks" SET "rev" = "rev" + 1, "horizon_rev" = "rev" + 1;
