import type { LiveEvent, LiveEventType } from '../../core/schema/live-event.ts';
import { VEHICLE_STATUS_LABELS } from '../../core/schema/vehicle.ts';
import { formatDate, formatDateTime } from '../shared/fleet-format.ts';

export const FLEET_EVENT_TYPE_LABELS: Record<LiveEventType, string> = {
  inspection: 'Inspection',
  discrepancy: 'Discrepancy',
  status: 'Status',
  note: 'Note',
  mx: 'Scheduled Mx',
  lti: 'LTI',
  pmi: 'PMI',
};

/** The spec's MM/dd/yyyy with a 24-hour clock (part 1 §9). */
export const formatEventTime = (iso: string): string => formatDateTime(iso);

function passedLine(passed: boolean | null): string {
  if (passed === null) return 'Result not recorded';
  return passed ? 'Passed' : 'Failed';
}

/** The type-specific lines of a Fleet Updates card (part 1 §3 "Live event"). */
export function fleetEventLines(event: LiveEvent): string[] {
  switch (event.eventType) {
    case 'inspection':
      return [`Discrepancies found: ${event.discrepancies}`];
    case 'discrepancy':
      return [
        event.discrepancy,
        `Disregarded: ${event.disregard ? 'Yes' : 'No'}`,
        `Est. completion: ${event.estCompletionDate ? formatDate(event.estCompletionDate) : 'not set'}`,
      ];
    case 'status':
      return [`Status: ${VEHICLE_STATUS_LABELS[event.status]}`];
    case 'note':
      return [event.note];
    case 'mx':
      return [`Mx type: ${event.mxType}`];
    case 'lti':
    case 'pmi':
      return event.notes ? [passedLine(event.passed), `Notes: ${event.notes}`] : [passedLine(event.passed)];
  }
}
