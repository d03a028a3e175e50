import { orgClockSpec } from './support/org-clock.ts';

// An organization in Tokyo (UTC+9), a browser in Anchorage (UTC-9): at 00:30 on the 1st in Tokyo, the browser's day is the last of the month before.
orgClockSpec({ orgZone: 'Asia/Tokyo', browserZone: 'America/Anchorage', tdyAt: 'first' });
