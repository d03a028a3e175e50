/** CSV files the app writes (Fleet Details, availability): RFC 4180 fields, a byte-order mark, CRLF lines. */

export interface CsvColumn<Row> {
  id: string;
  header: string;
  /** The cell's text. */
  text: (row: Row) => string;
  /** Written as ="value", so spreadsheets keep it as text (registration numbers like 0123 or 1-2). */
  forceText?: boolean;
}

/** Spreadsheets run a cell starting with one of these as a formula: such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(text: string, forceText = false): string {
  let value = text;
  if (forceText) value = `="${value.replaceAll('"', '""')}"`;
  else if (FORMULA_START.test(value) && !Number.isFinite(Number(value))) value = `'${value}`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text: a byte-order mark (so spreadsheets read UTF-8), the header row, then one line per row, CRLF. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.text(row), c.forceText && c.text(row) !== '')).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
