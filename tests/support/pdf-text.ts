import { getDocument } from 'pdfjs-node/legacy/build/pdf.mjs';

/**
 * Reads PDFs back for tests: text with positions through pdf.js (pdfjs-dist 5 under the alias
 * `pdfjs-node`, the last major that runs on Node 20), and whole-document checks through poppler's
 * command-line tools, an independent reader.
 *
 * Tests beside core/ and src/ code are also compiled by the browser project (tsconfig.app.json), which
 * has no Node types, so this file imports no Node module by name: the one built-in it needs is loaded
 * at run time and typed below. (The alias's type file re-exports pdfjs-dist 6's types; only what both
 * majors share is used.)
 */
export interface PdfTextItem {
  /** 1-based page number. */
  page: number;
  str: string;
  /** Start of the baseline, in PDF points from the bottom left. */
  x: number;
  y: number;
  /** Advance width in points, as pdf.js measured it from the font's metrics. */
  width: number;
  /** Font size in points, from the text matrix (its vertical scale). */
  size: number;
  fontName: string;
}

export interface PdfText {
  pages: number;
  items: PdfTextItem[];
}

/** pdf.js loads the standard fonts' metrics from here; without it, it warns on every Helvetica page. */
const standardFontDataUrl = new URL('../../node_modules/pdfjs-node/standard_fonts/', import.meta.url).href;

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const items: PdfTextItem[] = [];
    for (let page = 1; page <= doc.numPages; page++) {
      const content = await (await doc.getPage(page)).getTextContent();
      for (const item of content.items) {
        // pdf.js adds whitespace-only items to stand for gaps between runs on a line; they were never drawn.
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , e, f] = item.transform as number[];
        items.push({ page, str: item.str, x: e!, y: f!, width: item.width, size: Math.hypot(a!, b!), fontName: item.fontName });
      }
    }
    return { pages: doc.numPages, items };
  } finally {
    await task.destroy();
  }
}

const itemKey = (i: PdfTextItem) => `${i.page}|${i.str}|${i.x.toFixed(2)}|${i.y.toFixed(2)}|${i.size.toFixed(3)}`;

/**
 * The items of `items` that `baseline` does not have at the same place (a multiset difference): for a
 * filled form page against its blank page, the values drawn on top of the form.
 */
export function itemsNotIn(items: readonly PdfTextItem[], baseline: readonly PdfTextItem[]): PdfTextItem[] {
  const left = new Map<string, number>();
  for (const b of baseline) left.set(itemKey(b), (left.get(itemKey(b)) ?? 0) + 1);
  return items.filter((i) => {
    const n = left.get(itemKey(i)) ?? 0;
    if (n > 0) left.set(itemKey(i), n - 1);
    return n === 0;
  });
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Whether the text's extent lies inside the rectangle, less `inset` on the left and right: from its start
 * to start + width, and from the descender to the cap height (Helvetica: 0.207 and 0.718 of the size).
 */
export function isInside(item: PdfTextItem, box: Rect, inset = 0, tolerance = 0.01): boolean {
  return (
    item.x >= box.x + inset - tolerance &&
    item.x + item.width <= box.x + box.width - inset + tolerance &&
    item.y - 0.207 * item.size >= box.y - tolerance &&
    item.y + 0.718 * item.size <= box.y + box.height + tolerance
  );
}

interface SpawnResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}
interface ChildProcess {
  spawnSync(command: string, args: readonly string[], options: { input: Uint8Array; encoding: 'utf8'; maxBuffer: number }): SpawnResult;
}
const CHILD_PROCESS: string = 'node:child_process';

export interface PopplerResult {
  info: Record<string, string>;
  text: string;
  /** What poppler wrote to stderr: empty for a document it read without complaint. */
  errors: string;
}

/** pdfinfo and pdftotext (-layout) on the document, fed on stdin; throws if either fails. */
export async function popplerRead(bytes: Uint8Array): Promise<PopplerResult> {
  const { spawnSync } = (await import(/* @vite-ignore */ CHILD_PROCESS)) as ChildProcess;
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(tool, args, { input: bytes, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`${tool} exited with ${result.status}: ${result.stderr}`);
    return result;
  };
  const info = run('pdfinfo', ['fd://0']);
  const text = run('pdftotext', ['-layout', '-enc', 'UTF-8', 'fd://0', '-']);
  const fields: Record<string, string> = {};
  for (const line of info.stdout.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) fields[m[1]!.trim()] = m[2]!.trim();
  }
  return { info: fields, text: text.stdout, errors: `${info.stderr}${text.stderr}` };
}
