import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nanoid } from 'nanoid';
import type { AnnotationBody } from '../../../core/schema/file.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import type { FileStore, HeldFile } from '../../files/store.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { MultipartInput, RouteWrite } from '../../http/route.ts';
import { findRecord, type RecordScope } from '../vehicle-records/records.ts';

/**
 * Pictures of a record kept under a vehicle (a discrepancy's, a waivered item's): one generic piece
 * for both kinds, as the vehicle records are (records.ts). A picture names its content by sha256
 * (file_id), the content being the file store's; a record holds a content once: a picture of content
 * the record already shows answers that picture, so a retried upload never makes a second copy.
 */
export interface PictureKind<T extends PgTable = PgTable, Api = unknown, Parent = unknown> {
  table: T;
  /** The column naming the record a picture belongs to, and its field in an insert. */
  parentColumn: PgColumn;
  parentField: string;
  /** The path parameter naming that record (`mxId`, `waiverId`). */
  parentParam: string;
  /** The record pictures belong to: a record of a vehicle (vehicle_id), named `noun` in messages, and its API shape. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parent's own row
  parent: { table: PgTable; noun: string; toApi(row: any): Parent };
  toApi(row: T['$inferSelect']): Api;
}

/** Pictures one multipart request may carry (each at most the upload limit). */
export const MAX_PICTURES_PER_UPLOAD = 10;

/** The form of the record's multipart PATCH (part 1 §7): its pictures in the field `pictures` (RouteDef.multipart). */
export const PICTURES_FORM = { files: { pictures: { most: MAX_PICTURES_PER_UPLOAD, use: 'picture' as const } } };

/** Which picture: of which record of which vehicle. */
export interface PictureTarget {
  vehicleId: string;
  parentId: string;
}

/** A picture to add by content the organization holds. */
export interface PictureRef {
  id?: string | undefined;
  sha256: string;
  filename: string;
  annotation?: string | null | undefined;
}

interface PictureColumns {
  id: PgColumn;
  orgId: PgColumn;
  fileId: PgColumn;
  deletedAt: PgColumn;
  createdAt: PgColumn;
}

function columnsOf(table: PgTable): PictureColumns {
  const { id, orgId, fileId, deletedAt, createdAt, annotation, filename } = getTableColumns(table) as Record<string, PgColumn | undefined>;
  if (!id || !orgId || !fileId || !deletedAt || !createdAt || !annotation || !filename) {
    throw new Error('a picture table needs id, org_id, file_id, filename, annotation, deleted_at and created_at');
  }
  return { id, orgId, fileId, deletedAt, createdAt };
}

const live = (kind: PictureKind, orgId: string) => {
  const c = columnsOf(kind.table);
  return and(eq(c.orgId, orgId), isNull(c.deletedAt));
};

/** The record the pictures belong to, of the vehicle, of the caller's organization; 404 otherwise. */
export function findParent(q: Queryable, p: Principal, kind: PictureKind, target: PictureTarget): Promise<unknown> {
  return findRecord(q, p, kind.parent, { id: target.parentId, vehicleId: target.vehicleId });
}

/**
 * Adds a picture of held content to the record, inside the route's write: the picture the record
 * already has of that content if there is one (`created: false`), else a new one under the id the
 * device chose (409 when that id is taken).
 */
export async function insertPicture<Api>(
  scope: RecordScope,
  kind: PictureKind<PgTable, Api>,
  parentId: string,
  file: HeldFile,
  ref: Omit<PictureRef, 'sha256'>,
  now = scope.now,
) {
  const c = columnsOf(kind.table);
  const { tx, orgId, rev } = scope;
  const [existing] = await tx
    .select()
    .from(kind.table)
    .where(and(live(kind, orgId), eq(kind.parentColumn, parentId), eq(c.fileId, file.sha256)))
    .limit(1);
  if (existing) return { picture: kind.toApi(existing), created: false };
  const [row] = await tx
    .insert(kind.table)
    .values({
      id: ref.id ?? nanoid(),
      orgId,
      rev,
      [kind.parentField]: parentId,
      fileId: file.sha256,
      filename: ref.filename,
      annotation: ref.annotation ?? null,
      createdAt: now,
      updatedAt: now,
    } as never)
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('A picture with this id exists already');
  return { picture: kind.toApi(row), created: true };
}

/** POST .../pictures: a picture of content uploaded before (400 when the organization lacks it or it is no image). */
export async function addPicture<Api>(write: RouteWrite, p: Principal, files: FileStore, kind: PictureKind<PgTable, Api>, target: PictureTarget, ref: PictureRef) {
  return write(async (scope) => {
    await findParent(scope.tx, p, kind, target);
    const file = await files.hold(scope, ref, 'picture');
    return insertPicture(scope, kind, target.parentId, file, ref);
  });
}

/**
 * The multipart PATCH of a record with PICTURES_FORM: each file (kept by the route) added as a picture (each
 * content once), in one write, in the order sent; answers the record with all its pictures.
 */
export async function patchWithPictures<Api, Parent>(
  write: RouteWrite,
  p: Principal,
  files: FileStore,
  kind: PictureKind<PgTable, Api, Parent>,
  target: PictureTarget,
  form: MultipartInput<unknown>,
): Promise<Parent & { pictures: Api[] }> {
  if (form.files.length === 0) throw badRequest('pictures: Choose at least one picture to upload');
  return write(async (scope) => {
    const parent = await findParent(scope.tx, p, kind, target);
    for (const [i, part] of form.files.entries()) {
      const file = await files.record(scope, part.file, { by: p.userId, filename: part.filename });
      // A millisecond apart, so that the pictures list in the order they were sent.
      const at = new Date(scope.now.getTime() + i);
      await insertPicture(scope, kind, target.parentId, file, { filename: part.filename }, at);
    }
    const pictures = await picturesOf(scope.tx, kind, scope.orgId, [target.parentId]);
    return { ...kind.parent.toApi(parent), pictures: pictures.get(target.parentId) ?? [] };
  });
}

/** A live picture of the record, locked for the write; 404 otherwise. */
async function lockPicture(scope: RecordScope, p: Principal, kind: PictureKind, target: PictureTarget, pictureId: string) {
  await findParent(scope.tx, p, kind, target);
  const c = columnsOf(kind.table);
  const where = and(live(kind, scope.orgId), eq(kind.parentColumn, target.parentId), eq(c.id, pictureId));
  const [row] = await scope.tx.select().from(kind.table).where(where).for('update');
  if (!row) throw notFound(`No such picture of this ${kind.parent.noun}`);
  return where;
}

/** PATCH .../pictures/{pictureId}: the caption (trimmed; empty clears it). */
export async function captionPicture<Api>(
  write: RouteWrite,
  p: Principal,
  kind: PictureKind<PgTable, Api>,
  target: PictureTarget,
  pictureId: string,
  body: AnnotationBody,
): Promise<Api> {
  return write(async (scope) => {
    const where = await lockPicture(scope, p, kind, target, pictureId);
    const [row] = await scope.tx
      .update(kind.table)
      .set({ annotation: body.annotation, rev: scope.rev, updatedAt: scope.now } as never)
      .where(where)
      .returning();
    return kind.toApi(row!);
  });
}

/** DELETE .../pictures/{pictureId}: a tombstone at the write's revision. */
export async function deletePicture(write: RouteWrite, p: Principal, kind: PictureKind, target: PictureTarget, pictureId: string): Promise<void> {
  await write(async (scope) => {
    const where = await lockPicture(scope, p, kind, target, pictureId);
    await scope.tx
      .update(kind.table)
      .set({ rev: scope.rev, deletedAt: scope.now, updatedAt: scope.now } as never)
      .where(where);
  });
}

/** Tombstones every picture of a record deleted in the same write (deleteRecord's alsoDelete). */
export function deletePicturesOf(kind: PictureKind) {
  return async (scope: RecordScope, parentId: string): Promise<void> => {
    await scope.tx
      .update(kind.table)
      .set({ rev: scope.rev, deletedAt: scope.now, updatedAt: scope.now } as never)
      .where(and(live(kind, scope.orgId), eq(kind.parentColumn, parentId)));
  };
}

/** The live pictures of the records, oldest first, by record id. */
export async function picturesOf<Api>(q: Queryable, kind: PictureKind<PgTable, Api>, orgId: string, parentIds: readonly string[]): Promise<Map<string, Api[]>> {
  const byParent = new Map<string, Api[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  const c = columnsOf(kind.table);
  const rows = await q
    .select()
    .from(kind.table)
    .where(and(live(kind, orgId), inArray(kind.parentColumn, [...parentIds])))
    .orderBy(asc(c.createdAt), asc(c.id));
  const parentKey = kind.parentField as keyof (typeof rows)[number];
  for (const row of rows) byParent.get(row[parentKey] as string)?.push(kind.toApi(row));
  return byParent;
}
