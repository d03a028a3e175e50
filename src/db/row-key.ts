import { FEED_NAMES, type FeedName } from '../../core/schema/feeds.ts';

/** A mirror row's key across tables, `table:id`: what outbox entries touch and shadows are keyed by. */
export type RowKey = `${FeedName}:${string}`;

export function rowKey(table: FeedName, id: string): RowKey {
  return `${table}:${id}`;
}

const FEEDS = new Set<string>(FEED_NAMES);

/** Splits at the first colon: feed names never hold one, ids might. */
export function parseRowKey(key: string): { table: FeedName; id: string } {
  const at = key.indexOf(':');
  const table = key.slice(0, at);
  if (at <= 0 || !FEEDS.has(table)) throw new Error(`Not a mirror row key: ${key}`);
  return { table: table as FeedName, id: key.slice(at + 1) };
}

/** The distinct tables a set of row keys lives in. */
export function tablesOf(keys: Iterable<string>): FeedName[] {
  return [...new Set([...keys].map((k) => parseRowKey(k).table))];
}
