import type { z } from 'zod';
import { entityFeedSchemas } from './entity-feeds.ts';
import { organizationSchema, sectionMelSchema, sectionSchema } from './organization.ts';
import { userSettingRowSchema } from './settings.ts';
import { userRowSchema } from './user.ts';

/**
 * The row schema of every feed of the sync pull, by feed name (the `t` of a change): the organization
 * tables and every entity feed. The device parses each pulled row with it before writing the mirror.
 */
export const feedSchemas = {
  organizations: organizationSchema,
  sections: sectionSchema,
  sectionMels: sectionMelSchema,
  users: userRowSchema,
  userSettings: userSettingRowSchema,
  ...entityFeedSchemas,
} as const satisfies Record<string, z.ZodType>;

export type FeedName = keyof typeof feedSchemas;
export type FeedRow<N extends FeedName> = z.infer<(typeof feedSchemas)[N]>;
export const FEED_NAMES = Object.keys(feedSchemas) as FeedName[];
