import type { z } from 'zod';
import type { ApiPath } from './api-path.ts';

type RowShape = z.ZodObject;
type FieldOf<R extends RowShape> = Extract<keyof z.infer<R>, string>;

/**
 * A resource declared once (ARCHITECTURE "Resources"): its sync feed, its key and the key of the record
 * it belongs to, its row schema, the bodies and paths of its calls and its mirror indexes. The feed
 * list (core/schema/feeds.ts), the mirror (src/db/mirror.ts), the server's routes and feed, the
 * client's mutators and the test row builders all read it, so no name, path or field is written twice.
 */
export interface ResourcePaths {
  /** GET the parent's rows; POST creates one. */
  list: ApiPath<string>;
  /** PATCH (and DELETE) one row. */
  item?: ApiPath<string>;
}

export interface ResourceContract<
  F extends string = string,
  R extends RowShape = RowShape,
  C extends z.ZodType | undefined = z.ZodType | undefined,
  U extends z.ZodType | undefined = z.ZodType | undefined,
  P extends ResourcePaths = ResourcePaths,
> {
  /** The feed name: the `t` of a pulled change and the mirror table. */
  feed: F;
  /** The row's own id field (e.g. washId). */
  key: FieldOf<R>;
  /** The id field of the record it belongs to (e.g. vehicleId), indexed in the mirror. */
  parentKey: FieldOf<R>;
  row: R;
  /**
   * Fields the server decides when it stores a change (audit times): a device's optimistic row holds
   * its best guess, which the pulled row replaces. Every other field must come out as the device
   * showed it (the mutator parity test checks that).
   */
  serverFields: readonly FieldOf<R>[];
  /** Mirror indexes beyond `id` and parentKey (Dexie syntax, e.g. 'creationDate'). */
  indexes?: readonly string[];
  /** POST body; its optional `{key}` lets a device choose the new row's id. */
  createBody: C;
  /** PATCH body: only the fields the user changed. */
  updateBody: U;
  paths: P;
}

export type ResourceRow<C extends ResourceContract> = z.infer<C['row']>;

export function defineResource<
  const F extends string,
  R extends RowShape,
  C extends z.ZodType | undefined,
  U extends z.ZodType | undefined,
  P extends ResourcePaths,
>(contract: ResourceContract<F, R, C, U, P>): ResourceContract<F, R, C, U, P> {
  const fields = Object.keys(contract.row.shape);
  for (const field of [contract.key, contract.parentKey, ...contract.serverFields]) {
    if (!fields.includes(field)) throw new Error(`${contract.feed}: ${field} is not a field of its row`);
  }
  return contract;
}

/** The mirror store of a resource: primary key `id`, then its parent key and its indexes (Dexie syntax). */
export function mirrorStoreOf(contract: ResourceContract): string {
  return ['id', contract.parentKey, ...(contract.indexes ?? [])].join(', ');
}
