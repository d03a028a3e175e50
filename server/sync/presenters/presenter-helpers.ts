import type { InferSelectModel, Table } from 'drizzle-orm';
import type * as s from '../../db/schema/index.ts';

/*
 * The rules every presenter (a database row in its REST and feed shape) follows: dates go out as ISO
 * strings. Text columns that hold an enumeration (status, ruleType...) are written only through the
 * request schemas, so they are cast to their union; the feed test (server/sync/feeds.test.ts)
 * parses every shape back.
 */

/** The Drizzle row of a table of the schema, by its export name. */
export type RowOf<K extends keyof typeof s> = (typeof s)[K] extends Table ? InferSelectModel<(typeof s)[K]> : never;

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** workflows.id is the text of the spec's numeric workflowId. */
export const workflowIdOrNull = (id: string | null) => (id === null ? null : Number(id));
