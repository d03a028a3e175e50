import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { isInside, itemsNotIn, readPdfText, type PdfText, type PdfTextItem } from '../../tests/support/pdf-text.ts';
import type { Af1800Form } from '../schema/af1800.ts';
import { AF1800_FIELDS, af1800Field, TEXT_PAD, type Af1800Field } from './geometry.ts';
import { blankAf1800Pdf, ELLIPSIS, FONT_SIZE_FLOOR, FONT_SIZE_START, layoutAf1800Form, renderAf1800, type PlacedPage } from './index.ts';
import { fontTables } from './font-tables.ts';
import { sampleForm } from '../testing/af1800-sample-forms.ts';
import type { FontMetrics } from './text-fit.ts';

let blank: PdfText;
let metrics: FontMetrics;
beforeAll(async () => {
  blank = await readPdfText(await blankAf1800Pdf());
  metrics = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).metrics;
});

interface Found {
  item: PdfTextItem;
  field: Af1800Field;
}

/**
 * The values pdf.js reads on each page (the page's text less its blank template's), each with the one
 * geometry box it lies inside. Fails if a value lies in no box, or in more than one.
 */
function readValues(doc: PdfText, layout: PlacedPage[]): Found[][] {
  expect(doc.pages).toBe(layout.length);
  return layout.map(({ template }, i) => {
    const page = i + 1;
    const base = blank.items.filter((b) => b.page === template).map((b) => ({ ...b, page }));
    return itemsNotIn(
      doc.items.filter((item) => item.page === page),
      base,
    ).map((item) => {
      const boxes = AF1800_FIELDS.filter((f) => f.page === template && isInside(item, f, TEXT_PAD));
      expect(
        boxes.map((f) => f.id),
        `"${item.str}" at ${item.x},${item.y} on page ${page}`,
      ).toHaveLength(1);
      return { item, field: boxes[0]! };
    });
  });
}

async function renderAndRead(forms: Af1800Form[]) {
  const layout = forms.flatMap((form) => layoutAf1800Form(form, metrics));
  const values = readValues(await readPdfText(await renderAf1800(forms)), layout);
  return { layout, values };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

const valueIn = (found: Found[], fieldId: string) => found.filter((v) => v.field.id === fieldId).map((v) => v.item);

describe('renderAf1800 read back with pdf.js', { timeout: 60_000 }, () => {
  it('draws the blank form on three US Letter pages', () => {
    expect(blank.pages).toBe(3);
    const titles = blank.items.filter((i) => i.size === 13).map((i) => [i.page, i.str]);
    expect(titles).toEqual([
      [1, "OPERATOR'S INSPECTION GUIDE AND TROUBLE REPORT"],
      [2, 'DISCREPANCY AND MAINTENANCE REPORT'],
      [3, 'ADDITIONAL INSPECTION ITEMS'],
    ]);
    for (const label of [
      "OPERATOR'S REPORT",
      'REPORTED TO MAINTENANCE',
      'MAINTENANCE REPORT STATUS',
      'C-T - Corrected By Temporary Fix',
      'N - No Repairs Required',
    ]) {
      expect(
        blank.items.some((i) => i.page === 2 && i.str === label),
        label,
      ).toBe(true);
    }
  });

  it('puts every line of every value inside its box, as laid out, at no less than the floor', async () => {
    const forms = [sampleForm({ long: true, rows: 25 }), sampleForm({ index: 1, rows: 3 })];
    const { layout, values } = await renderAndRead(forms);
    layout.forEach((page, i) => {
      const found = values[i]!;
      expect(found).toHaveLength(page.texts.length);
      for (const fieldId of new Set(page.texts.map((t) => t.fieldId))) {
        const placed = page.texts.filter((t) => t.fieldId === fieldId);
        // A value's lines read top to bottom in the order they were laid out.
        const items = valueIn(found, fieldId).sort((a, b) => b.y - a.y);
        expect(
          items.map((item) => item.str),
          fieldId,
        ).toEqual(placed.map((t) => t.text));
        items.forEach((item, line) => {
          expect(item.size).toBeCloseTo(placed[line]!.size, 6);
          expect(item.size).toBeGreaterThanOrEqual(FONT_SIZE_FLOOR);
          expect(item.size).toBeLessThanOrEqual(FONT_SIZE_START);
          expect(item.width).toBeLessThanOrEqual(af1800Field(fieldId).maxWidth + 0.01);
        });
      }
    });
  });

  it('wraps long values, shrinks them when their lines do not fit, and cuts over-long ones at the floor', async () => {
    const form = sampleForm({ long: true, rows: 1 });
    form.page1.location = 'Nellis AFB, Nevada, Building 1234, Motor Pool Annex, Bay 7';
    form.page2.rows[0]!.reportedToMx.milesHours = '67,846 mi / 2,906 hrs';
    const { values } = await renderAndRead([form]);
    const [page1, page2] = values;
    const lines = (page: Found[], fieldId: string) => valueIn(page, fieldId).sort((a, b) => b.y - a.y);
    const reg = lines(page1!, 'p1.regNumber');
    expect(reg).toMatchObject([{ str: '00L1000-EXTENDED-REG', size: FONT_SIZE_START }]);
    // A header cell holds one line at 8 pt and two at 7.2 pt.
    const location = lines(page1!, 'p1.location');
    expect(location.map((l) => l.str).join(' ')).toBe(form.page1.location);
    expect(location.map((l) => l.size)).toEqual([7.2, 7.2]);
    // The readings, one a line, at 8 pt.
    expect(lines(page2!, 'p2.row01.milesHours').map((l) => [l.str, l.size])).toEqual([
      ['67,846 mi', 8],
      ['2,906 hrs', 8],
    ]);
    const discrepancy = lines(page2!, 'p2.row01.discrepancy');
    expect(discrepancy).toHaveLength(3);
    for (const line of discrepancy) {
      expect(line.size).toBeCloseTo(FONT_SIZE_FLOOR, 6);
      expect(isInside(line, af1800Field('p2.row01.discrepancy'), TEXT_PAD)).toBe(true);
    }
    expect(discrepancy[0]!.str.startsWith('Left headlight out; found during')).toBe(true);
    expect(discrepancy[2]!.str.endsWith(ELLIPSIS)).toBe(true);
  });

  it('continues 25 maintenance rows on a second page 2: pages 1, 2, 2, 3', async () => {
    const { layout, values } = await renderAndRead([sampleForm({ rows: 25 })]);
    expect(layout.map((p) => p.template)).toEqual([1, 2, 2, 3]);
    const [, first, second, third] = values;
    expect(valueIn(first!, 'p2.sheet')[0]!.str).toBe('1 of 2');
    expect(valueIn(second!, 'p2.sheet')[0]!.str).toBe('2 of 2');
    expect(valueIn(first!, 'p2.row19.discrepancy')[0]!.str).toBe('Wiper blade torn (19)');
    expect(valueIn(second!, 'p2.row01.discrepancy')[0]!.str).toBe('Tire tread worn, rear right (20)');
    expect(valueIn(second!, 'p2.row06.itemNo')[0]!.str).toBe('25');
    expect(valueIn(second!, 'p2.row07.itemNo')).toHaveLength(0);
    // The month's requirements print once, on the first sheet.
    expect(valueIn(first!, 'p2.milesHours.miles')[0]!.str).toBe('48213');
    expect(valueIn(second!, 'p2.milesHours.miles')).toHaveLength(0);
    expect(valueIn(third!, 'p3.regNumber')[0]!.str).toBe('00L1000');
  });

  it('prints an x in checked boxes only', async () => {
    const { values } = await renderAndRead([sampleForm()]);
    const page3 = values[2]!;
    expect(valueIn(page3, 'p3.item36.check').map((i) => i.str)).toEqual(['x']);
    expect(valueIn(page3, 'p3.item37.check')).toHaveLength(0);
    expect(valueIn(page3, 'p3.item38.check').map((i) => i.str)).toEqual(['x']);
    expect(valueIn(page3, 'p3.item39.check')).toHaveLength(0);
    expect(valueIn(page3, 'p3.item37.text')[0]!.str).toBe('Checked, item 37 serviceable');
  });

  it('prints dates dd/MM/yy and the report date dd/MM/yy HH:mm, in UTC', async () => {
    const form = sampleForm({ rows: 1 });
    form.page1.date = '2026-10-31T23:45:00-02:00';
    form.page2.rows[0]!.operatorsReport.date = '2026-10-03T21:00:00-05:00';
    form.page2.rows[0]!.mxReportStatus.date = null;
    const { values } = await renderAndRead([form]);
    expect(valueIn(values[0]!, 'p1.date')[0]!.str).toBe('01/11/26 01:45');
    expect(valueIn(values[0]!, 'p1.month')[0]!.str).toBe('10/2026');
    expect(valueIn(values[1]!, 'p2.row01.operatorDate')[0]!.str).toBe('04/10/26');
    expect(valueIn(values[1]!, 'p2.row01.mxDate')[0]!.str).toBe('01/10/26');
    expect(valueIn(values[1]!, 'p2.row01.statusDate')).toHaveLength(0);
  });

  it('prints text the font cannot draw as best it can, without throwing', async () => {
    const form = sampleForm({ rows: 2 });
    form.page1.regNumber = 'AB\n12👍\u0007';
    form.page1.vcoName = '山田 太郎';
    form.page1.organization = 'Müller (Øst) \\ Café — “quoted” €5 ½';
    form.page1.signatures = [
      { day: 1, shift: 1, name: 'Zoë\tŁ' },
      { day: 32, shift: 1, name: 'out of range' },
    ];
    form.page2.rows[0]!.operatorsReport.discrepancy = '\u0000\u001f🚗💥 brake\r\nfailure\u2028rear';
    form.page3.items = [{ itemNo: 36, isChecked: true, text: '\ud83d broken surrogate' }];
    const { values } = await renderAndRead([form]);
    expect(valueIn(values[0]!, 'p1.regNumber')[0]!.str).toBe('AB 12?');
    expect(valueIn(values[0]!, 'p1.vcoName')[0]!.str).toBe('?? ??');
    // Parentheses and backslashes are escaped in the content stream; Latin-1 and WinAnsi extras survive.
    expect(valueIn(values[0]!, 'p1.organization')[0]!.str).toBe('Müller (Øst) \\ Café — “quoted” €5 ½');
    expect(valueIn(values[0]!, 'p1.day01.shift1')[0]!.str).toBe('Zoë ?');
    expect(valueIn(values[1]!, 'p2.row01.discrepancy')[0]!.str).toBe('?? brake failure rear');
    expect(valueIn(values[2]!, 'p3.item36.text')[0]!.str).toBe('? broken surrogate');
  });
});

describe('renderAf1800 output', { timeout: 60_000 }, () => {
  it('is byte-identical for the same input, with no dates from the clock', async () => {
    const forms = [sampleForm({ rows: 21 }), sampleForm({ index: 7, long: true })];
    const a = await renderAf1800(forms, { title: 'Combined AF1800 reports for October 2026' });
    await renderAf1800([sampleForm({ index: 3 })]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const b = await renderAf1800(forms, { title: 'Combined AF1800 reports for October 2026' });
    expect(sameBytes(a, b)).toBe(true);
    expect(sameBytes(await blankAf1800Pdf(), await blankAf1800Pdf())).toBe(true);
    expect(new TextDecoder('latin1').decode(a)).not.toMatch(/CreationDate|ModDate/);
    expect(sameBytes(await renderAf1800([forms[1]!, forms[0]!]), a)).toBe(false);
  });

  it('embeds the blank pages and the fonts once, however many vehicles', async () => {
    const count = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.load(bytes);
      const kinds = doc.context
        .enumerateIndirectObjects()
        .map(([, object]) => (object instanceof PDFDict ? object : 'dict' in object ? (object as { dict: PDFDict }).dict : undefined))
        .map((dict) => (dict instanceof PDFDict ? `${dict.get(PDFName.of('Type'))}${dict.get(PDFName.of('Subtype')) ?? ''}` : ''));
      return { fonts: kinds.filter((k) => k.startsWith('/Font')).length, forms: kinds.filter((k) => k === '/XObject/Form').length, pages: doc.getPageCount() };
    };
    const one = await count(await renderAf1800([sampleForm()]));
    const many = await count(await renderAf1800(Array.from({ length: 12 }, (_, index) => sampleForm({ index }))));
    expect(one).toEqual({ fonts: 3, forms: 3, pages: 3 });
    expect(many).toEqual({ fonts: 3, forms: 3, pages: 36 });
  });

  it('refuses an empty list of forms', async () => {
    await expect(renderAf1800([])).rejects.toThrow(RangeError);
  });
});
