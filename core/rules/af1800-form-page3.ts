import { AF1800_PAGE3_ITEMS, type Af1800Page3Item } from '../schema/af1800.ts';
import { resultItem, type Af1800Index, type VehicleMonth } from './af1800-form-sources.ts';

const PAGE3 = new Set<number>(AF1800_PAGE3_ITEMS);

/**
 * Items 36 to 39 from every answer in the month on the item (an 'AF1800-{n}' rule, or a custom rule
 * reporting against item n), read as the paper form fills up over a month: once an answer found a
 * discrepancy the box is checked (printed x) for the rest of the month, fixed on the spot or not, and
 * the remarks written against the item add up (distinct comments, oldest first, joined by '; '; the
 * PDF shrinks them to fit the box). A remark on a passing answer is kept without checking the box.
 * No answer in the month: unchecked, no text.
 */
export function page3Items(index: Af1800Index, records: VehicleMonth): Af1800Page3Item[] {
  const items = new Map<number, { isChecked: boolean; comments: string[] }>();
  for (const inspection of records.inspections) {
    for (const r of index.results.get(inspection.row.inspectionId) ?? []) {
      const itemNo = resultItem(index, r);
      if (itemNo === null || !PAGE3.has(itemNo)) continue;
      let item = items.get(itemNo);
      if (!item) items.set(itemNo, (item = { isChecked: false, comments: [] }));
      if (!r.result.isPassing) item.isChecked = true;
      const comment = r.comment?.trim();
      if (comment && !item.comments.includes(comment)) item.comments.push(comment);
    }
  }
  return AF1800_PAGE3_ITEMS.map((itemNo) => {
    const item = items.get(itemNo);
    return { itemNo, isChecked: item?.isChecked ?? false, text: item?.comments.join('; ') ?? '' };
  });
}
