// The weekly window (docs/api.md#limits): weeks start on Monday at 00:00 in the configured time zone
// (UTC by default). Computed with Intl only, so any IANA zone works without a time zone library.

export interface WeekWindow {
  /** The instant the week began. */
  start: Date;
  /** The instant the next week begins (the reset). */
  end: Date;
  /** The local calendar date of the Monday that opens the week (YYYY-MM-DD): the key usage is stored under. */
  key: string;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading in `timeZone` at `instant`, expressed as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  // formatToParts gives every one of these; were one absent, Date.UTC would answer NaN as it does for undefined.
  const part = (type: string): number => parts[type] ?? Number.NaN;
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant at which the wall clock in `timeZone` shows `wallMs` (first such instant; DST gaps move forward). */
function instantOfWallClock(wallMs: number, timeZone: string): number {
  // Two passes settle the offset even when midnight sits next to a DST change.
  let guess = wallMs - (wallClockMs(wallMs, timeZone) - wallMs);
  guess = wallMs - (wallClockMs(guess, timeZone) - guess);
  return guess;
}

export function weekWindow(now: Date, timeZone = 'UTC'): WeekWindow {
  const t = Math.floor(now.getTime() / 1000) * 1000;
  const wall = timeZone === 'UTC' ? t : wallClockMs(t, timeZone);
  const localMidnight = Math.floor(wall / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 ... Saturday 6; days since Monday = (day + 6) % 7.
  const mondayWall = localMidnight - ((new Date(localMidnight).getUTCDay() + 6) % 7) * DAY_MS;
  const nextMondayWall = mondayWall + 7 * DAY_MS;
  if (timeZone === 'UTC') {
    return { start: new Date(mondayWall), end: new Date(nextMondayWall), key: new Date(mondayWall).toISOString().slice(0, 10) };
  }
  return {
    start: new Date(instantOfWallClock(mondayWall, timeZone)),
    end: new Date(instantOfWallClock(nextMondayWall, timeZone)),
    key: new Date(mondayWall).toISOString().slice(0, 10),
  };
}

/** The fixed one-minute window: it starts on a whole minute of Unix time. */
export function minuteWindow(now: Date): { start: number; resetSeconds: number } {
  const start = Math.floor(now.getTime() / 60_000) * 60_000;
  return { start, resetSeconds: (start + 60_000) / 1000 };
}
