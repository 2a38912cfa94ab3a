import { isHoliday } from '@hyunbinseo/holidays-kr';
import { AppError } from '../../lib/errors';

const DAY = 86_400_000;
/** How far ahead a delivery date may be asked for. */
const HORIZON_DAYS = 60;

/** The date in Korea (YYYY-MM-DD) of a moment. */
export const kstDate = (d: Date): string => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Answers kept per date: the holiday data ships with the build, and asking it for the dates every checkout lists
 * cost more than the rest of `calculate` (docs/performance.md).
 */
const workingDays = new Map<string, boolean>();

/** A weekday that is not a Korean public holiday (years the holiday data does not cover yet count weekdays only). */
export async function isWorkingDay(date: string): Promise<boolean> {
  const known = workingDays.get(date);
  if (known !== undefined) return known;
  const working = await computeWorkingDay(date);
  if (workingDays.size >= 4_000) workingDays.clear();
  workingDays.set(date, working);
  return working;
}

async function computeWorkingDay(date: string): Promise<boolean> {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (dow === 0 || dow === 6) return false;
  try {
    return !(await isHoliday(date));
  } catch (err) {
    if (err instanceof RangeError) return true;
    throw err;
  }
}

/** The working days a delivery may be asked for, from the next working day after `now` (Korea time). */
export async function deliveryDates(now: Date, count = 20): Promise<string[]> {
  const out: string[] = [];
  let d = addDays(kstDate(now), 1);
  for (let i = 0; i < HORIZON_DAYS && out.length < count; i++, d = addDays(d, 1)) if (await isWorkingDay(d)) out.push(d);
  return out;
}

/** DELIVERY_DATE_INVALID unless `date` is a working day from the next one on, within the horizon. */
export async function checkDeliveryDate(date: string, now: Date): Promise<void> {
  const [earliest] = await deliveryDates(now, 1);
  const valid = !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && addDays(date, 0) === date;
  const last = addDays(kstDate(now), HORIZON_DAYS);
  if (!earliest || !valid || date < earliest || date > last || !(await isWorkingDay(date))) {
    throw new AppError('DELIVERY_DATE_INVALID', { earliest: earliest ?? '' });
  }
}
