-- Issue 51: on PostgreSQL the file store keeps each content in chunks (server/files/pg-blobs.ts); on PGlite
-- it keeps files on disk. file_contents (the previous layout) is emptied into the store at start.
CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
