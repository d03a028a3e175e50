import type { FeedRow } from '../schema/feeds.ts';

/** Everything a Fleet Details row is derived from: the feed rows of the organization's mirror. */
export interface FleetSources {
  vehicles: FeedRow<'vehicles'>[];
  workflows: FeedRow<'workflows'>[];
  inspections: FeedRow<'inspections'>[];
  discrepancies: FeedRow<'discrepancies'>[];
  scheduledMx: FeedRow<'scheduledMx'>[];
  ltis: FeedRow<'ltis'>[];
  pmis: FeedRow<'pmis'>[];
  waivers: FeedRow<'waivers'>[];
  tdys: FeedRow<'tdys'>[];
  notes: FeedRow<'notes'>[];
  users: FeedRow<'users'>[];
  /** Pictures of discrepancies, for the captions Most Recent Annotation shows (optional: none, the texts). */
  discrepancyPictures?: FeedRow<'discrepancyPictures'>[];
}
