import type { GridColumn } from '../components/data-grid/index.ts';
import { formatDate, formatDateTime } from './fleet-format.ts';

interface DateColumnOptions {
  /** Show the time too (MM/dd/yyyy HH:mm), as Washes does. */
  withTime?: boolean;
  hiddenByDefault?: boolean;
  width?: number;
}

/** A date column: filtered by date range, shown as MM/dd/yyyy (part 1 §9), blank when unset. */
export function dateColumn<R>(id: string, header: string, pick: (row: R) => string | null, options: DateColumnOptions = {}): GridColumn<R> {
  const format = options.withTime ? formatDateTime : formatDate;
  return {
    id,
    header,
    value: pick,
    cell: (row) => format(pick(row)),
    filter: 'DATE_TIME',
    hiddenByDefault: options.hiddenByDefault,
    width: options.width,
  };
}
