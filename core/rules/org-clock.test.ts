import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  utcOffsetLabel,
  dayOf,
  daysBetween,
  instantAt,
  isTimeZone,
  lastOfMonth,
  monthOf,
  offsetAt,
  startOfDay,
  wallTimeOf,
} from './org-clock.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const H = 3_600_000;

describe('the organization’s clock', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Anchorage')).toBe(true);
    for (const bad of ['', ' Asia/Tokyo', 'Asia/Tokio', 'Mars/Olympus', '+09:00x']) expect(isTimeZone(bad)).toBe(false);
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Nowhere')).toBeNull();
  });

  it('puts an instant on the zone’s day, east and west of UTC, across the date line', () => {
    const t = '2026-11-30T20:00:00.000Z';
    expect(dayOf(t, 'UTC')).toBe('2026-11-30');
    expect(dayOf(t, 'Asia/Tokyo')).toBe('2026-12-01'); // 05:00 the next morning at Kadena
    expect(monthOf(t, 'Asia/Tokyo')).toBe('2026-12');
    expect(dayOf(t, 'America/Anchorage')).toBe('2026-11-30'); // 11:00
    expect(dayOf(t, 'Pacific/Kiritimati')).toBe('2026-12-01'); // UTC+14
    expect(dayOf(t, 'Pacific/Pago_Pago')).toBe('2026-11-30'); // UTC-11
    expect(dayOf('2026-12-01T09:59:00.000Z', 'Pacific/Kiritimati')).toBe('2026-12-01');
    expect(dayOf('2026-12-01T10:00:00.000Z', 'Pacific/Kiritimati')).toBe('2026-12-02');
  });

  it('starts each day at the zone’s midnight, and the day before ends an instant earlier', () => {
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/Anchorage', 'Asia/Kolkata', 'Pacific/Chatham']) {
      const start = startOfDay('2026-12-01', zone);
      expect(dayOf(start, zone), zone).toBe('2026-12-01');
      expect(dayOf(start - 1, zone), zone).toBe('2026-11-30');
      expect(wallTimeOf(start, zone).minutes, zone).toBe(0);
    }
    expect(iso(startOfDay('2026-12-01', 'Asia/Tokyo'))).toBe('2026-11-30T15:00:00.000Z');
    expect(iso(startOfDay('2026-12-01', 'America/Anchorage'))).toBe('2026-12-01T09:00:00.000Z');
  });

  it('holds across DST changes in the northern hemisphere (New York, Berlin, Anchorage)', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT; 2026-11-01 02:00 EDT becomes 01:00 EST.
    expect(offsetAt(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-5 * H);
    expect(offsetAt(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * H);
    expect(startOfDay('2026-03-09', 'America/New_York') - startOfDay('2026-03-08', 'America/New_York')).toBe(23 * H);
    expect(startOfDay('2026-11-02', 'America/New_York') - startOfDay('2026-11-01', 'America/New_York')).toBe(25 * H);
    // A skipped wall time moves on by the skip; a repeated one is its first.
    expect(iso(instantAt('2026-03-08', 150, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z'); // 02:30 → 03:30 EDT
    expect(iso(instantAt('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not EST
    // Berlin's month whose last day starts the change: 2026-03-29 02:00 CET → 03:00 CEST.
    expect(dayOf('2026-03-31T21:59:00Z', 'Europe/Berlin')).toBe('2026-03-31');
    expect(dayOf('2026-03-31T22:00:00Z', 'Europe/Berlin')).toBe('2026-04-01');
    expect(dayOf('2026-03-29T00:30:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    // Anchorage: 23:30 on the last day of the month stays in that month.
    expect(monthOf(instantAt('2026-10-31', 23 * 60 + 30, 'America/Anchorage'), 'America/Anchorage')).toBe('2026-10');
    expect(monthOf(instantAt('2026-11-30', 23 * 60 + 30, 'America/Anchorage'), 'America/Anchorage')).toBe('2026-11');
  });

  it('holds across DST changes in the southern hemisphere (Sydney, and Santiago, whose midnight is skipped)', () => {
    // Sydney: 2026-04-05 03:00 AEDT becomes 02:00 AEST; 2026-10-04 02:00 AEST becomes 03:00 AEDT.
    expect(startOfDay('2026-04-06', 'Australia/Sydney') - startOfDay('2026-04-05', 'Australia/Sydney')).toBe(25 * H);
    expect(startOfDay('2026-10-05', 'Australia/Sydney') - startOfDay('2026-10-04', 'Australia/Sydney')).toBe(23 * H);
    expect(monthOf(instantAt('2026-09-30', 23 * 60 + 30, 'Australia/Sydney'), 'Australia/Sydney')).toBe('2026-09');
    // Santiago: 2026-09-06 00:00 -04 becomes 01:00 -03, so the day starts at 01:00.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(wallTimeOf(start, 'America/Santiago')).toMatchObject({ day: '2026-09-06', minutes: 60 });
    expect(dayOf(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('skips the day a zone skipped across the date line (Apia, 30 December 2011)', () => {
    expect(dayOf('2011-12-30T09:59:00Z', 'Pacific/Apia')).toBe('2011-12-29');
    expect(dayOf('2011-12-30T10:00:00Z', 'Pacific/Apia')).toBe('2011-12-31');
    expect(dayOf(startOfDay('2011-12-30', 'Pacific/Apia'), 'Pacific/Apia')).toBe('2011-12-31');
  });

  it('reads the wall clock and the weekday of an instant', () => {
    expect(wallTimeOf('2026-11-30T15:30:00.000Z', 'Asia/Tokyo')).toEqual({ day: '2026-12-01', minutes: 30, weekday: 2 });
    expect(wallTimeOf('2026-12-01T08:59:00.000Z', 'America/Anchorage')).toEqual({ day: '2026-11-30', minutes: 23 * 60 + 59, weekday: 1 });
  });

  it('counts calendar days, whatever the zone’s days last', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-12-03', '2026-12-01')).toBe(-2);
    expect(lastOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastOfMonth('2026-12-31')).toBe('2026-12-31');
  });

  it('names an offset as a reader writes it', () => {
    expect(utcOffsetLabel('2026-12-01T00:00:00Z', 'Asia/Tokyo')).toBe('UTC+09:00');
    expect(utcOffsetLabel('2026-12-01T00:00:00Z', 'America/Anchorage')).toBe('UTC-09:00');
    expect(utcOffsetLabel('2026-07-01T00:00:00Z', 'America/Anchorage')).toBe('UTC-08:00');
    expect(utcOffsetLabel('2026-12-01T00:00:00Z', 'Asia/Kolkata')).toBe('UTC+05:30');
    expect(utcOffsetLabel('2026-12-01T00:00:00Z', 'UTC')).toBe('UTC');
  });

  it('gives the exact offset at every moment of a year, transitions included', () => {
    // The reference: the zone's wall clock read by Intl at the instant itself, each time.
    const reference = (format: Intl.DateTimeFormat, ms: number) => {
      const parts: Record<string, number> = {};
      for (const p of format.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - Math.floor(ms / 60_000) * 60_000;
    };
    // Lord Howe moves by 30 minutes; Santiago skips midnight; Chatham keeps a 45-minute offset.
    for (const zone of ['America/Anchorage', 'Australia/Sydney', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const misses: string[] = [];
      for (let ms = Date.parse('2026-01-01T00:07:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += H) {
        if (offsetAt(ms, zone) !== reference(format, ms)) misses.push(iso(ms));
      }
      expect(misses, zone).toEqual([]);
    }
  });
});
