import { describe, expect, it } from 'vitest';
import { popplerRead } from '../../tests/support/pdf-text.ts';
import { blankAf1800Pdf, renderAf1800 } from './index.ts';
import { sampleForm } from '../testing/af1800-sample-forms.ts';

// An independent reader: poppler (pdfinfo, pdftotext) must open what pdf-lib wrote without a complaint.
describe('AF1800 PDFs read by poppler', { timeout: 60_000 }, () => {
  it('reads the blank form', async () => {
    const { info, text, errors } = await popplerRead(await blankAf1800Pdf());
    expect(errors).toBe('');
    expect(info).toMatchObject({ Pages: '3', Title: 'AF Form 1800 (blank)' });
    expect(info['Page size']).toMatch(/^612 x 792 pts/);
    expect(text).toContain("OPERATOR'S INSPECTION GUIDE AND TROUBLE REPORT");
    expect(text).toContain('D-P - Delayed for Parts');
    expect(text).toContain('39. Other (explain in remarks)');
  });

  it('reads a filled form and finds its values', async () => {
    const form = sampleForm({ rows: 25 });
    const { info, text, errors } = await popplerRead(await renderAf1800([form], { title: 'Current AF1800 for 00L1000' }));
    expect(errors).toBe('');
    expect(info).toMatchObject({ Pages: '4', Title: 'Current AF1800 for 00L1000' });
    expect(info).not.toHaveProperty('CreationDate');
    for (const value of [
      '00L1000',
      'Truck, Cargo 4x4',
      '99th Logistics Readiness Squadron',
      '28/10/26 14:05',
      '10/2026',
      '1 of 2',
      '2 of 2',
      'Tire tread worn, rear right (25)',
      'WO4424',
      'D-D',
      'Checked, item 39 serviceable',
    ]) {
      expect(text, value).toContain(value);
    }
  });

  it('reads a combined report of many vehicles', async () => {
    const forms = Array.from({ length: 20 }, (_, index) => sampleForm({ index, rows: 15 + (index % 10), long: index % 5 === 0 }));
    const { info, text, errors } = await popplerRead(await renderAf1800(forms, { title: 'Combined AF1800 reports for October 2026' }));
    expect(errors).toBe('');
    const pages = forms.reduce((n, f) => n + 2 + Math.ceil(f.page2.rows.length / 19), 0);
    expect(info.Pages).toBe(String(pages));
    for (const form of forms) expect(text).toContain(form.page1.regNumber);
  });
});
