import type { OrgContext } from './context.ts';
import { PLACEHOLDERS, type PlaceholderKind } from './placeholder-files.ts';
import type { Rng } from './random.ts';

/**
 * A stored_files row for one upload of a placeholder file. Uploads are content-addressed on disk,
 * so every row of the same content shares one file, DATA_DIR/files/{sha256}.
 */
export function storeFile(ctx: OrgContext, rng: Rng, kind: PlaceholderKind, filename: string, createdBy: string, createdAt: Date): { id: string; mimeType: string } {
  const blob = PLACEHOLDERS[kind];
  const id = rng.id();
  ctx.tables.storedFiles.push({
    id,
    orgId: ctx.orgId,
    sha256: blob.sha256,
    mimeType: blob.mimeType,
    sizeBytes: blob.bytes.length,
    filename,
    storagePath: blob.sha256,
    createdBy,
    createdAt,
    updatedAt: createdAt,
  });
  return { id, mimeType: blob.mimeType };
}
