import { afterEach, describe, expect, it } from 'vitest';
import { fromPickerDate, orgTodayEndPicker, orgTodayStart, toPickerDate } from './org-picker-dates.ts';

// The device's zone is the test process's TZ (app code has no Node types: reached through globalThis).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const deviceZone = env.TZ;
afterEach(() => {
  env.TZ = deviceZone;
});

describe("pickers on the organization's clock", () => {
  it("show an instant as the organization's wall clock, whatever the device's zone", () => {
    for (const device of ['UTC', 'America/Anchorage', 'Asia/Tokyo']) {
      env.TZ = device;
      // 00:30 on 1 December in Tokyo.
      const shown = toPickerDate('2026-11-30T15:30:00Z', 'Asia/Tokyo')!;
      expect([shown.getFullYear(), shown.getMonth() + 1, shown.getDate(), shown.getHours(), shown.getMinutes()], device).toEqual([2026, 12, 1, 0, 30]);
    }
    expect(toPickerDate('not a date', 'UTC')).toBeNull();
  });

  it("read a picked day as its start, and a picked time as that time, in the organization's zone", () => {
    for (const device of ['UTC', 'Asia/Tokyo', 'America/Anchorage']) {
      env.TZ = device;
      expect(fromPickerDate(new Date(2026, 11, 3), 'America/Anchorage', false), device).toBe('2026-12-03T09:00:00.000Z');
      expect(fromPickerDate(new Date(2026, 11, 3, 23, 30), 'Asia/Tokyo', true), device).toBe('2026-12-03T14:30:00.000Z');
      // Round trip: what is shown is what is stored.
      expect(fromPickerDate(toPickerDate('2026-03-08T11:00:00.000Z', 'America/Anchorage')!, 'America/Anchorage', true), device).toBe('2026-03-08T11:00:00.000Z');
    }
  });

  it("bound a day field by the organization's today", () => {
    env.TZ = 'America/Anchorage';
    const now = new Date('2026-11-30T15:30:00Z'); // 1 December 00:30 in Tokyo, 30 November 06:30 in Anchorage
    expect(orgTodayStart(now, 'Asia/Tokyo')).toBe('2026-11-30T15:00:00.000Z');
    const end = orgTodayEndPicker(now, 'Asia/Tokyo');
    expect([end.getMonth() + 1, end.getDate(), end.getHours()]).toEqual([12, 1, 23]);
  });
});
