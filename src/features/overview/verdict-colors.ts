import type { MelVerdict } from '../../../core/rules/fleet-overview.ts';

// Dark enough for white text (the warning's amber takes dark text: autoContrast), as axe asks of small text.
export const VERDICT_COLORS: Record<MelVerdict, string> = { pass: '#1b6e2f', warning: '#f08c00', fail: '#c92a2a' };
export const VERDICT_LABELS: Record<MelVerdict, string> = { pass: 'meeting their MEL', warning: 'short of their MEL by a little', fail: 'short of their MEL' };
