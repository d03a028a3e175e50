import { assembleAf1800Report } from '../core/rules/af1800-form.ts';
import type { Af1800Month, Af1800Report } from '../core/schema/af1800.ts';
import { feedSchemas, type FeedName, type FeedRow } from '../core/schema/feeds.ts';
import type { SyncChange } from '../core/schema/sync.ts';

/**
 * The monthly AF1800 report made as a device makes it, from the rows a pull brought (the rule in core,
 * over feed rows as the mirror holds them), beside the server's answer for the same month: throws on the
 * first vehicle whose form differs, so a bench that moves the history in a new shape fails when the
 * forms would no longer show what the server shows. Answers how many forms were compared.
 */
export function checkAf1800Parity(pulled: ReadonlyMap<string, SyncChange>, server: Af1800Report, month: Af1800Month): number {
  // Made at the server's instant (a form's date is the moment it was made), so that nothing else differs.
  const now = new Date(server.forms[0]?.page1.date ?? Date.now());
  // Each row parsed with its feed's schema, as a device parses what it stores (src/sync/pull-write.ts).
  const feed = <N extends FeedName>(name: N) =>
    [...pulled.values()].filter((c) => c.t === name && c.data).map((c) => ({ ...(feedSchemas[name].parse(c.data) as object), id: c.id }) as unknown as FeedRow<N>);
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
