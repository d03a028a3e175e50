import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/**
 * "3 minutes ago", relative to `now` (a clock the caller refreshes every so often, so a moment just
 * past may be later than it: that reads "a few seconds ago", never "in a few seconds").
 */
export function timeAgo(iso: string, now: number): string {
  const at = dayjs(iso);
  return at.from(dayjs(Math.max(now, at.valueOf())));
}
