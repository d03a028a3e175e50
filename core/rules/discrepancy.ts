/** Part 1 §2, §4, §5 for required maintenance (AF1800 discrepancies): the rules the tab, the dialogs and the server share. */
import type { CorrectiveActionCode } from '../schema/discrepancy.ts';
import { af1800ItemOf, HOURS_RULE_ID, MILES_RULE_ID } from '../schema/rule.ts';

/** Codes that close a discrepancy: corrected (C, C-T, C-P) or no repairs required (N). Delayed (D…) and waivered (W) stay open. */
export const CLOSING_CODES: readonly CorrectiveActionCode[] = ['C', 'C-T', 'C-P', 'N'];

/** A discrepancy discovered this many days ago or less is shown even when closed or disregarded. */
export const RECENT_DISCREPANCY_DAYS = 30;

const DAY_MS = 86_400_000;

interface Closing {
  af1800StatusCode: CorrectiveActionCode | null;
  actualCompletionDate: string | null;
  workDate: string | null;
}

/**
 * When a discrepancy was completed after a change: a closing status code completes it (on its work
 * date, else now) and keeps an earlier completion; an open code, or none, reopens it. A completion date
 * the change gives is taken as it is; a change that leaves the code alone leaves the completion alone.
 */
export function completionAfterChange(current: Closing, changes: Partial<Closing>, now: Date): string | null {
  if (changes.actualCompletionDate !== undefined) return changes.actualCompletionDate;
  if (changes.af1800StatusCode === undefined) return current.actualCompletionDate;
  if (changes.af1800StatusCode === null || !CLOSING_CODES.includes(changes.af1800StatusCode)) return null;
  return current.actualCompletionDate ?? (changes.workDate !== undefined ? changes.workDate : current.workDate) ?? now.toISOString();
}

/**
 * Shown without 'Show Historic Discrepancies': what is still open (neither completed nor disregarded),
 * and whatever was discovered in the last 30 days, so a fix made this month stays in view.
 */
export function shownByDefault(d: { dateDiscovered: string; actualCompletionDate: string | null; disregard: boolean }, now: Date): boolean {
  const open = d.actualCompletionDate === null && !d.disregard;
  return open || Date.parse(d.dateDiscovered) >= now.getTime() - RECENT_DISCREPANCY_DAYS * DAY_MS;
}

export interface ReportableRule {
  itemNo: number;
  ruleId: string;
  title: string;
}

/**
 * The rules a new discrepancy may be reported against (part 1 §5): the vehicle workflow's boolean rules
 * with an AF1800 item (an af1800Id, or a numeric AF1800-{n} id), one per item, by item number.
 */
export function reportableRules(rules: readonly { ruleId: string; title: string; af1800Id: number | null; isBoolean: boolean }[]): ReportableRule[] {
  const byItem = new Map<number, ReportableRule>();
  for (const rule of rules) {
    const itemNo = rule.isBoolean ? af1800ItemOf(rule) : null;
    if (itemNo !== null && !byItem.has(itemNo)) byItem.set(itemNo, { itemNo, ruleId: rule.ruleId, title: rule.title });
  }
  return [...byItem.values()].sort((a, b) => a.itemNo - b.itemNo);
}

/**
 * 'Report New Discrepancy' is enabled only when the vehicle's workflow is among the user's available
 * workflows: their organization's active ones (a deactivated workflow is no longer inspected against).
 */
export function canReportDiscrepancy(workflowId: number | null, workflows: readonly { workflowId: number; active: boolean }[]): boolean {
  return workflowId !== null && workflows.some((w) => w.workflowId === workflowId && w.active);
}

/**
 * What a report may record of the odometer (part 1 §3): hours when the workflow has the AF1800-H rule,
 * miles when it has AF1800-M; miles when it has neither (most vehicles run on miles).
 */
export function odometerReadings(rules: readonly { ruleId: string }[]): { miles: boolean; hours: boolean } {
  const ids = new Set(rules.map((r) => r.ruleId));
  const hours = ids.has(HOURS_RULE_ID);
  const miles = ids.has(MILES_RULE_ID) || !hours;
  return { miles, hours };
}

/**
 * A report that comes with miles or hours is reported to maintenance at once (the AF1800's 'reported to
 * Mx' line): dated when it is made, by whoever makes it. Without them both wait for maintenance.
 */
export function reportedToMx(report: { reportMiles?: number | null | undefined; reportHours?: number | null | undefined }, at: string, userId: string) {
  const reported = report.reportMiles != null || report.reportHours != null;
  return { reportDate: reported ? at : null, reporterUserId: reported ? userId : null };
}
