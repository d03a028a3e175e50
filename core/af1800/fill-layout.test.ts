import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORRECTIVE_ACTION_CODES } from '../schema/discrepancy.ts';
import { fontTables } from './font-tables.ts';
import { layoutAf1800Form } from './fill-layout.ts';
import { AF1800_FIELDS, MILES_HOURS_CELLS, PAGE1_HEADER, PAGE2_HEADER, PAGE3_HEADER, PAGE3_ITEMS, TIRE_PRESSURE_CELLS } from './geometry.ts';
import { sampleForm } from '../testing/af1800-sample-forms.ts';
import type { FontMetrics } from './text-fit.ts';
import { FIELD_LABELS, LEGEND } from './wording.ts';

let metrics: FontMetrics;
beforeAll(async () => {
  metrics = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).metrics;
});

const text = (pages: ReturnType<typeof layoutAf1800Form>, page: number, fieldId: string) => pages[page]!.texts.find((t) => t.fieldId === fieldId)?.text;

describe('layoutAf1800Form', () => {
  it('orders pages 1, one page 2 per 19 rows (at least one), then 3', () => {
    const templates = (rows: number) => layoutAf1800Form(sampleForm({ rows }), metrics).map((p) => p.template);
    expect(templates(0)).toEqual([1, 2, 3]);
    expect(templates(19)).toEqual([1, 2, 3]);
    expect(templates(20)).toEqual([1, 2, 2, 3]);
    expect(templates(38)).toEqual([1, 2, 2, 3]);
    expect(templates(39)).toEqual([1, 2, 2, 2, 3]);
  });

  it('prints every signature once, joins two for one cell and skips cells the form does not have', () => {
    const form = sampleForm({ rows: 0 });
    form.page1.signatures = [
      { day: 2, shift: 1, name: 'JD' },
      { day: 2, shift: 1, name: 'AK' },
      { day: 2, shift: 1, name: 'JD' },
      { day: 32, shift: 1, name: 'XX' },
      { day: 3, shift: 2, name: '   ' },
    ];
    const pages = layoutAf1800Form(form, metrics);
    expect(text(pages, 0, 'p1.day02.shift1')).toBe('JD, AK');
    expect(pages[0]!.texts.filter((t) => t.fieldId.startsWith('p1.day'))).toHaveLength(1);
  });

  it('leaves missing values blank', () => {
    const form = sampleForm({ rows: 1 });
    form.page2.monthlyRequirement = { milesHours: null, tirePressure: { frontPsi: null, rearPsi: 32, operator: '', date: null } };
    form.page2.rows[0]!.operatorsReport.itemNo = null;
    const pages = layoutAf1800Form(form, metrics);
    const ids = pages[1]!.texts.map((t) => t.fieldId);
    expect(ids.filter((id) => id.startsWith('p2.milesHours'))).toEqual([]);
    expect(ids.filter((id) => id.startsWith('p2.tirePressure'))).toEqual(['p2.tirePressure.rearPsi']);
    expect(ids).not.toContain('p2.row01.itemNo');
  });

  it('is pure: the same form gives the same layout', () => {
    const form = sampleForm({ rows: 23, long: true });
    expect(layoutAf1800Form(form, metrics)).toEqual(layoutAf1800Form(structuredClone(form), metrics));
  });
});

describe('AF1800 wording', () => {
  it('labels every labelled cell and nothing else', () => {
    const cells = [...PAGE1_HEADER, ...PAGE2_HEADER, ...PAGE3_HEADER, ...MILES_HOURS_CELLS, ...TIRE_PRESSURE_CELLS, ...PAGE3_ITEMS.map((i) => i.remarks)];
    expect(Object.keys(FIELD_LABELS).sort()).toEqual(cells.map((c) => c.fieldId).sort());
    const ids = new Set(AF1800_FIELDS.map((f) => f.id));
    for (const id of Object.keys(FIELD_LABELS)) expect(ids.has(id), id).toBe(true);
  });

  it('lists every corrective-action code in the legend, as the spec gives it', () => {
    expect(LEGEND.map((w) => w.text.split(' - ')[0])).toEqual([...CORRECTIVE_ACTION_CODES]);
    expect(LEGEND.every((w) => !w.reconstructed)).toBe(true);
    expect(FIELD_LABELS['p3.item36.text']!.reconstructed).toBe(true);
  });
});
