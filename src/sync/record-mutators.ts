import { z } from 'zod';
import { entityId } from '../../core/schema/common.ts';
import type { FeedName } from '../../core/schema/feeds.ts';
import type { ResourceContract } from '../../core/schema/resource.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { rowKey } from '../db/row-key.ts';
import { parseArgs, type Mutator } from './mutator.ts';

type Body = z.ZodObject | z.ZodType<Record<string, unknown>>;
type Contract<C extends Body | undefined = Body | undefined, U extends Body | undefined = Body | undefined> = ResourceContract<FeedName, z.ZodObject, C, U>;
type RowOf<K extends Contract> = z.infer<K['row']>;

/**
 * What a record's optimistic row may read: the acting user (audit names), the vehicles (registrations)
 * and the organization (its zone, whose day is today).
 */
const RECORD_READS = ['users', 'vehicles', 'organizations'] as const satisfies readonly FeedName[];

/**
 * Further ids a record's paths name beyond its parent and itself, e.g. the vehicle of a discrepancy's
 * picture (/vehicles/:vehicleId/mx/required/:mxId/pictures).
 */
const pathIds = z.record(z.string(), entityId).optional();
export type PathIds = z.infer<typeof pathIds>;

/** A change to one record of a resource: which one, under which parent, made by whom. */
const target = { parentId: entityId, id: entityId, userId: entityId, pathIds };

/** Arguments of a create: the record's new id (made on the device) and the create body's fields. */
export type CreateArgs<K extends Contract<Body>> = {
  parentId: string;
  id: string;
  userId: string;
  pathIds?: PathIds;
  fields: z.input<NonNullable<K['createBody']>>;
};
/** Arguments of an update: the record and only the fields the user changed. */
export type UpdateArgs<K extends Contract<Body | undefined, Body>> = {
  parentId: string;
  id: string;
  userId: string;
  pathIds?: PathIds;
  changes: z.input<NonNullable<K['updateBody']>>;
};

type Parsed<A, F extends 'fields' | 'changes', S extends Body> = Omit<A, F> & Record<F, z.output<S>>;

/** The values a resource's paths may name: its parent, the record and the organization (e.g. /organizations/:orgId/mx/pmi/:pmiId). */
function pathParams(contract: Contract, orgId: string, parentId: string, id?: string, ids: PathIds = {}): Record<string, string> {
  const own = { ...ids, orgId, [contract.parentKey]: parentId };
  return id === undefined ? own : { ...own, [contract.key]: id };
}

/**
 * The standard create of a resource: POST to its list path with the body its contract declares and
 * the id chosen on the device; the optimistic row is `row` (what the device can know of the server's).
 */
export function createRecordMutator<K extends Contract<Body>>(
  contract: K,
  spec: {
    name: string;
    row(db: MirrorDb, args: Parsed<CreateArgs<K>, 'fields', NonNullable<K['createBody']>>): Promise<RowOf<K>>;
    /** Files the record names by content (src/sync/mutator.ts `files`). */
    files?(fields: z.output<NonNullable<K['createBody']>>): string[];
  },
): Mutator<CreateArgs<K>> {
  const body = contract.createBody as Body;
  const schema = z.object({ ...target, fields: body });
  const key = (id: string) => rowKey(contract.feed, id);
  // A list path that does not name the parent (a TDY, posted by registration) carries it in the body:
  // the server writes to the vehicle meant even if its registration has changed hands since.
  const parentInBody = !contract.paths.list.pattern.includes(`:${contract.parentKey}`);
  return {
    name: spec.name,
    parse: (args) => parseArgs(schema, args) as CreateArgs<K>,
    request: ({ parentId, id, fields, pathIds: ids }, { orgId }) => ({
      method: 'POST',
      path: contract.paths.list.build(pathParams(contract, orgId, parentId, undefined, ids)),
      body: { [contract.key]: id, ...(fields as Record<string, unknown>), ...(parentInBody ? { [contract.parentKey]: parentId } : {}) },
    }),
    ...(spec.files ? { files: ({ fields }: CreateArgs<K>) => spec.files!(fields as z.output<NonNullable<K['createBody']>>) } : {}),
    creates: ({ id }) => [key(id)],
    touches: ({ id }) => [key(id)],
    reads: RECORD_READS,
    async apply(db, args) {
      const row = await spec.row(db, args as Parsed<CreateArgs<K>, 'fields', NonNullable<K['createBody']>>);
      await db.table(contract.feed).put({ ...row, id: args.id });
    },
  };
}

/**
 * The standard update of a resource: PATCH its item path with only the changed fields. `next` makes
 * the optimistic row from the current one (the rules the server applies too, e.g. a completion date
 * that completes); a record this device does not hold is left alone until the server's copy arrives.
 */
export function updateRecordMutator<K extends Contract<Body | undefined, Body>>(
  contract: K,
  spec: {
    name: string;
    next(db: MirrorDb, row: RowOf<K>, args: Parsed<UpdateArgs<K>, 'changes', NonNullable<K['updateBody']>>): Promise<RowOf<K>>;
  },
): Mutator<UpdateArgs<K>> {
  const item = contract.paths.item;
  if (!item) throw new Error(`${contract.feed}: an update needs the contract's item path`);
  const schema = z.object({ ...target, changes: contract.updateBody as Body });
  return {
    name: spec.name,
    parse: (args) => parseArgs(schema, args) as UpdateArgs<K>,
    request: ({ parentId, id, changes, pathIds: ids }, { orgId }) => ({
      method: 'PATCH',
      path: item.build(pathParams(contract, orgId, parentId, id, ids)),
      body: changes,
    }),
    touches: ({ id }) => [rowKey(contract.feed, id)],
    reads: RECORD_READS,
    async apply(db, args) {
      const table = db.table(contract.feed);
      const row = (await table.get(args.id)) as (RowOf<K> & { id: string }) | undefined;
      if (!row) return;
      const next = await spec.next(db, row, args as Parsed<UpdateArgs<K>, 'changes', NonNullable<K['updateBody']>>);
      await table.put({ ...next, id: args.id });
    },
  };
}

/** Arguments of a delete: the record and its parent. */
export type DeleteArgs = { parentId: string; id: string; pathIds?: PathIds };

/**
 * The standard delete of a resource: DELETE its item path; the device drops the row at once (a
 * refusal brings it back with the rollback).
 */
export function deleteRecordMutator(contract: Contract, spec: { name: string }): Mutator<DeleteArgs> {
  const item = contract.paths.item;
  if (!item) throw new Error(`${contract.feed}: a delete needs the contract's item path`);
  const schema = z.object({ parentId: entityId, id: entityId, pathIds });
  return {
    name: spec.name,
    parse: (args) => parseArgs(schema, args),
    request: ({ parentId, id, pathIds: ids }, { orgId }) => ({ method: 'DELETE', path: item.build(pathParams(contract, orgId, parentId, id, ids)) }),
    touches: ({ id }) => [rowKey(contract.feed, id)],
    async apply(db, args) {
      await db.table(contract.feed).delete(args.id);
    },
  };
}
