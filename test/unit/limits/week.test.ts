// The weekly window (Monday 00:00 in the configured zone), the minute window and the 10% warning.
import { describe, expect, it } from 'vitest';
import { minuteWindow, weeklyWarning, weekWindow } from '../../../src/services/limits/index.js';

describe('weekWindow', () => {
  it.each([
    // [now, zone, start, end, key]
    ['2026-11-18T12:00:00Z', 'UTC', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-16'],
    ['2026-11-22T23:59:59.999Z', 'UTC', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-16'],
    ['2026-11-23T00:00:00Z', 'UTC', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z', '2026-11-23'],
    ['2026-12-31T23:00:00Z', 'UTC', '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z', '2026-12-28'],
    // New York in November is UTC-5: Monday 00:00 there is 05:00Z.
    ['2026-11-23T04:59:59Z', 'America/New_York', '2026-11-16T05:00:00.000Z', '2026-11-23T05:00:00.000Z', '2026-11-16'],
    ['2026-11-23T05:00:00Z', 'America/New_York', '2026-11-23T05:00:00.000Z', '2026-11-30T05:00:00.000Z', '2026-11-23'],
    // The week in which New York leaves daylight time (Sunday 2026-11-01): starts at EDT, ends at EST.
    ['2026-10-29T12:00:00Z', 'America/New_York', '2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-26'],
    // London leaves summer time on 2026-10-25.
    ['2026-10-20T12:00:00Z', 'Europe/London', '2026-10-18T23:00:00.000Z', '2026-10-26T00:00:00.000Z', '2026-10-19'],
    // East of UTC the week starts on Sunday UTC.
    ['2026-11-22T14:59:59Z', 'Asia/Tokyo', '2026-11-15T15:00:00.000Z', '2026-11-22T15:00:00.000Z', '2026-11-16'],
    ['2026-11-22T15:00:00Z', 'Asia/Tokyo', '2026-11-22T15:00:00.000Z', '2026-11-29T15:00:00.000Z', '2026-11-23'],
    ['2026-11-22T10:00:00Z', 'Pacific/Kiritimati', '2026-11-22T10:00:00.000Z', '2026-11-29T10:00:00.000Z', '2026-11-23'],
    ['2026-11-23T10:59:59Z', 'Pacific/Pago_Pago', '2026-11-16T11:00:00.000Z', '2026-11-23T11:00:00.000Z', '2026-11-16'],
  ])('%s in %s starts %s, resets %s', (now, zone, start, end, key) => {
    const week = weekWindow(new Date(now), zone);
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.toISOString()).toBe(end);
    expect(week.key).toBe(key);
  });
});

describe('minuteWindow', () => {
  it.each([
    ['2026-11-18T12:00:00.000Z', Date.parse('2026-11-18T12:00:00Z'), Date.parse('2026-11-18T12:01:00Z') / 1000],
    ['2026-11-18T12:00:59.999Z', Date.parse('2026-11-18T12:00:00Z'), Date.parse('2026-11-18T12:01:00Z') / 1000],
    ['2026-11-18T12:01:00.000Z', Date.parse('2026-11-18T12:01:00Z'), Date.parse('2026-11-18T12:02:00Z') / 1000],
  ])('%s', (now, start, reset) => {
    expect(minuteWindow(new Date(now))).toEqual({ start, resetSeconds: reset });
  });
});

describe('weeklyWarning (10% or less remaining)', () => {
  it.each([
    [17, 20, false], // 3 left = 15%
    [18, 20, true], // 2 left = exactly 10%
    [20, 20, true],
    [25, 20, true],
    [157_499, 175_000, false], // 17,501 left
    [157_500, 175_000, true], // 17,500 left = exactly 10%
    [0, 1, false],
    [1, 1, true],
    [0, 9, false], // 9 left of 9
    [8, 9, false], // 1 left = 11.1%
    [9, 9, true],
  ])('%i used of %i -> %s', (used, limit, expected) => {
    expect(weeklyWarning(used, limit)).toBe(expected);
  });
});
