import { assembleAf1800Report } from '../core/rules/af1800-form.ts';
import type { Af1800Month, Af1800Report } from '../core/schema/af1800.ts';
import type { FeedName, FeedRow } from '../core/schema/feeds.ts';
import type { SyncChange } from '../core/schema/sync.ts';
import { parseChanges } from '../src/sync/pull-write.ts';

/**
 * The monthly AF1800 report made as a device makes it, from the rows a pull brought (the rule in core,
 * over feed rows as the mirror holds them), beside the server's answer for the same month: throws on the
 * first vehicle whose form differs, so a bench that moves the history in a new shape fails when the
 * forms would no longer show what the server shows. Answers how many forms were compared.
 */
export function checkAf1800Parity(pulled: ReadonlyMap<string, SyncChange>, server: Af1800Report, month: Af1800Month): number {
  // Made at the server's instant (a form's date is the moment it was made), so that nothing else differs.
  const now = new Date(server.forms[0]?.page1.date ?? Date.now());
  // The rows as a device stores them: parsed by the pull's own step, each with its feed's schema.
  const { parsed, failed } = parseChanges([...pulled.values()]);
  if (failed.length > 0) throw new Error(`AF1800 ${month.year}-${month.month}: ${failed.length} pulled rows failed their schema, e.g. ${failed[0]}`);
  const feed = <N extends FeedName>(name: N) => parsed.filter((c) => c.table === name && c.row).map((c) => c.row as unknown as FeedRow<N>);
  const device = assembleAf1800Report(
    {
      organization: feed('organizations')[0] ?? null,
      users: feed('users'),
      workflowRules: feed('workflowRules'),
      inspections: feed('inspections'),
      discrepancies: feed('discrepancies'),
      vehicles: feed('vehicles'),
    },
    month,
    now,
  );
  if (device.forms.length !== server.forms.length)
    throw new Error(`AF1800 ${month.year}-${month.month}: the device makes ${device.forms.length} forms, the server ${server.forms.length}`);
  device.forms.forEach((form, i) => {
    const theirs = server.forms[i];
    if (JSON.stringify(form) !== JSON.stringify(theirs)) {
      throw new Error(
        `AF1800 ${month.year}-${month.month}: form ${i + 1} differs between the device and the server:\n${JSON.stringify(form)}\n${JSON.stringify(theirs)}`,
      );
    }
  });
  return device.forms.length;
}
