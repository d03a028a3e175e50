import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { feedSchemas, type FeedName } from '../schema/feeds.ts';
import { FEED_ROW_BUILDERS } from './feed-rows.ts';

const feeds = Object.keys(FEED_ROW_BUILDERS) as FeedName[];

describe('the feed-row builders', () => {
  it.each(feeds)('build a default %s row its feed schema accepts unchanged', (feed) => {
    const row = FEED_ROW_BUILDERS[feed]!();
    const schema: z.ZodType = feedSchemas[feed];
    expect(schema.parse(row)).toEqual(row);
  });
});
