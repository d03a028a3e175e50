import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/** "3 minutes ago", relative to `now` (a clock the caller refreshes). */
export function timeAgo(iso: string, now: number): string {
  return dayjs(iso).from(dayjs(now));
}
