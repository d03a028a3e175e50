import type { OrgContext } from './context.ts';
import { PLACEHOLDERS, type PlaceholderKind } from './placeholder-files.ts';
import type { Rng } from './random.ts';

/**
 * One upload of a placeholder file: the organization holds the content (a stored_files row, the first
 * time, with the name and sender of that first upload), and the record names it by its sha256. The
 * content itself is written once (the file store) by writeSeed.
 */
export function storeFile(
  ctx: OrgContext,
  rng: Rng,
  kind: PlaceholderKind,
  filename: string,
  createdBy: string,
  createdAt: Date,
): { sha256: string; mimeType: string } {
  const blob = PLACEHOLDERS[kind];
  const held = ctx.tables.storedFiles.find((f) => f.orgId === ctx.orgId && f.sha256 === blob.sha256);
  if (!held) {
    ctx.tables.storedFiles.push({
      id: rng.id(),
      orgId: ctx.orgId,
      sha256: blob.sha256,
      mimeType: blob.mimeType,
      sizeBytes: blob.bytes.length,
      filename,
      createdBy,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { sha256: blob.sha256, mimeType: blob.mimeType };
}
