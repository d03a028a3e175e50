import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { af1800PageValues, layoutAf1800Form, printedParts } from '../../../core/af1800/fill-layout.ts';
import { fontTables } from '../../../core/af1800/font-tables.ts';
import type { FontMetrics } from '../../../core/af1800/text-fit.ts';
import { assembleAf1800Report } from '../../../core/rules/af1800-form.ts';
import type { Af1800Form, Af1800Month } from '../../../core/schema/af1800.ts';
import { sampleForm } from '../../../core/testing/af1800-sample-forms.ts';
import { DEFAULT_SEED } from '../../seed/seed-if-empty.ts';
import { generateSeed } from '../../seed/generate.ts';
import { seedAf1800Sources } from '../../seed/testing/seed-af1800-sources.ts';
import type { SeedOptions } from '../../seed/types.ts';

/**
 * The AF1800 print check: every form of the demo and of the benchmark data is laid out as the PDF prints
 * it, and no value may be cut or print below 6 pt, the smallest a person reads on paper.
 */
const LEGIBLE_PT = 6;

let metrics: FontMetrics;
beforeAll(async () => {
  metrics = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).metrics;
});

/** Every organization's combined report for each month, from the seed's rows as the server presents them. */
function seedForms(options: SeedOptions, months: readonly Af1800Month[]): Af1800Form[] {
  const { tables } = generateSeed(options);
  const forms: Af1800Form[] = [];
  for (const org of tables.organizations) {
    const sources = seedAf1800Sources(tables, org.id, options.today);
    for (const month of months) forms.push(...assembleAf1800Report(sources, month, options.today).forms);
  }
  return forms;
}

interface Problem {
  form: string;
  field: string;
  text: string;
  size: number;
  truncated: boolean;
}

/** Text without its spaces: a line break drops the space it replaces, so lines are compared without them. */
const letters = (text: string) => text.replace(/ /g, '');

/**
 * Every value of every form that is cut or prints below 6 pt. Cut means flagged by the fit, or printed
 * lines that do not add up to the value (so the check does not rest on the fit's own flag alone).
 */
function problems(forms: readonly Af1800Form[]): { values: number; problems: Problem[] } {
  const found: Problem[] = [];
  let values = 0;
  for (const form of forms) {
    const pages = layoutAf1800Form(form, metrics);
    af1800PageValues(form).forEach(({ values: wanted }, i) => {
      const texts = pages[i]!.texts;
      for (const [fieldId, value] of wanted) {
        const lines = texts.filter((t) => t.fieldId === fieldId);
        const whole = letters(printedParts(value).join(''));
        if (lines.length === 0 && whole === '') continue;
        values++;
        const printed = lines.map((t) => t.text).join(' ');
        const size = Math.min(...lines.map((t) => t.size));
        const truncated = lines.length === 0 || lines.some((t) => t.truncated) || letters(printed) !== whole;
        if (truncated || size < LEGIBLE_PT) found.push({ form: form.page1.regNumber, field: fieldId, text: printed, size, truncated });
      }
    });
  }
  return { values, problems: found };
}

/** One line per kind of problem (field with its numbers as #), with a count and an example. */
function summary(list: readonly Problem[]): string[] {
  const kinds = new Map<string, { count: number; example: Problem }>();
  for (const p of list) {
    const key = `${p.field.replace(/\d+/g, '#')} ${p.truncated ? 'cut' : 'small'}`;
    const kind = kinds.get(key) ?? { count: 0, example: p };
    kind.count++;
    kinds.set(key, kind);
  }
  return [...kinds].map(([key, { count, example }]) => `${key} x${count}: ${example.form} ${JSON.stringify(example.text)} at ${example.size} pt`);
}

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

describe('AF1800 print check: every value whole and at least 6 pt', { timeout: 60_000 }, () => {
  it.each([
    // The demo as `npm start` seeds it (DEFAULT_SEED), on two days: its current and previous month.
    ['the demo seeded on 04/12/2026', { ...DEFAULT_SEED, today: utc(2026, 12, 4) }, [11, 12]],
    ['the demo seeded on 15/03/2026', { ...DEFAULT_SEED, today: utc(2026, 3, 15) }, [2, 3]],
    // bench/sync-pull.bench.ts: the data whose AF1800 forms bench/af1800-parity.ts compares.
    ['the sync-pull benchmark (300 vehicles x 30 days)', { orgs: 1, vehicles: 300, days: 30, today: utc(2026, 11, 1) }, [10, 11]],
  ] as const)('%s', (_, options, months) => {
    const year = options.today.getUTCFullYear();
    const forms = seedForms(
      options,
      months.map((month) => ({ year, month })),
    );
    const { values, problems: found } = problems(forms);
    expect(forms.length).toBeGreaterThan(0);
    expect(values).toBeGreaterThan(forms.length * 10);
    expect(summary(found)).toEqual([]);
  });

  it('the AF1800 benchmark forms (bench/af1800.bench.ts, 500 vehicles)', () => {
    const forms = Array.from({ length: 500 }, (_, index) => sampleForm({ index, rows: 19 + (index % 7), long: index % 10 === 0 }));
    const found = problems(forms).problems;
    // One form in ten is the benchmark's stress case (`long`), whose free texts are written to overflow:
    // a 230-character discrepancy and a 140-character organization and location cannot print whole in
    // their cells at 6 pt. They wrap over every line the cell holds and are cut at 6.48 pt; every other
    // value of those forms, readings and names included, prints whole, and nothing of the others is cut.
    const stress = new Set(forms.filter((_, index) => index % 10 === 0).map((f) => f.page1.regNumber));
    expect(summary(found.filter((p) => !stress.has(p.form)))).toEqual([]);
    expect(found.every((p) => p.size >= LEGIBLE_PT)).toBe(true);
    expect(new Set(summary(found).map((line) => line.split(' x')[0]))).toEqual(new Set(['p#.organization cut', 'p#.location cut', 'p#.row#.discrepancy cut']));
  });
});
