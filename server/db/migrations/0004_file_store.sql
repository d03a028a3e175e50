-- Issue 17: files live in the database, once per content (file_contents, named by sha256), and every
-- record names its content by that sha256 (file_id), so its url is /files/{sha256} (docs/files.md).
CREATE TABLE "file_contents" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discrepancy_pictures" ADD COLUMN "filename" text;--> statement-breakpoint
-- file_id named a stored_files row; from now on it is the content's sha256.
UPDATE "discrepancy_pictures" AS p SET "file_id" = f."sha256", "filename" = f."filename" FROM "stored_files" AS f WHERE f."id" = p."file_id";--> statement-breakpoint
UPDATE "waiver_pictures" AS p SET "file_id" = f."sha256" FROM "stored_files" AS f WHERE f."id" = p."file_id";--> statement-breakpoint
UPDATE "waiver_cards" AS p SET "file_id" = f."sha256" FROM "stored_files" AS f WHERE f."id" = p."file_id";--> statement-breakpoint
UPDATE "documents" AS p SET "file_id" = f."sha256" FROM "stored_files" AS f WHERE f."id" = p."file_id";--> statement-breakpoint
UPDATE "inspection_pictures" AS p SET "file_id" = f."sha256" FROM "stored_files" AS f WHERE f."id" = p."file_id";--> statement-breakpoint
-- A record whose stored file is missing has no content to show (its row would fail its feed's schema).
DELETE FROM "discrepancy_pictures" WHERE "file_id" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
DELETE FROM "waiver_pictures" WHERE "file_id" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
DELETE FROM "waiver_cards" WHERE "file_id" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
DELETE FROM "documents" WHERE "file_id" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
DELETE FROM "inspection_pictures" WHERE "file_id" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
-- stored_files held a row per upload; it is now one per organization and content: the first one stays.
DELETE FROM "stored_files" AS a USING "stored_files" AS b
WHERE a."org_id" = b."org_id" AND a."sha256" = b."sha256" AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
DROP INDEX "stored_files_org_sha256";--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_org_sha256" ON "stored_files" USING btree ("org_id","sha256");--> statement-breakpoint
-- The content was on disk under DATA_DIR/files; the server imports it at start (server/files/import.ts).
ALTER TABLE "stored_files" DROP COLUMN "storage_path";--> statement-breakpoint
-- The rows of five feeds changed shape (storedFileId became sha256): every device starts its mirror
-- over (a cursor below the new horizon does not stand, server/sync/cursor-check.ts).
UPDATE "org_clocks" SET "rev" = "rev" + 1, "horizon_rev" = "rev" + 1;
