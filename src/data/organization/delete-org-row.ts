import { z } from 'zod';
import type { ApiPath } from '../../../core/schema/api-path.ts';
import { entityId } from '../../../core/schema/common.ts';
import type { FeedName } from '../../../core/schema/feeds.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

/**
 * The delete of one of the organization's rows by its id (a section, a MEL): DELETE its path; the
 * device drops the row at once, and a refusal brings it back with the rollback.
 */
export function deleteOrgRow<K extends string, P extends string>(name: string, feed: FeedName, key: K, path: ApiPath<P>): Mutator<Record<K, string>> {
  const schema = z.object({ [key]: entityId } as Record<K, typeof entityId>);
  return {
    name,
    parse: (args) => parseArgs(schema, args) as Record<K, string>,
    request: (args) => ({ method: 'DELETE', path: path.build({ [key]: args[key] } as Parameters<ApiPath<P>['build']>[0]) }),
    touches: (args) => [rowKey(feed, args[key])],
    async apply(db, args) {
      await db.table(feed).delete(args[key]);
    },
  };
}
