import { orgClockSpec } from './support/org-clock.ts';

// An organization in Anchorage (UTC-9), a browser in Tokyo (UTC+9): at 23:45 on a month's last day in Anchorage, the browser's day is the 1st.
orgClockSpec({ orgZone: 'America/Anchorage', browserZone: 'Asia/Tokyo', tdyAt: 'last' });
