/** Daily allowances run on UTC days: the same reset for every caller, whatever their time zone. */
export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10)

/** The next UTC midnight after `now` (epoch ms): when every daily allowance starts again. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
}

/** Whole seconds from `now` until `at`, at least 1 (a Retry-After value). */
export const secondsUntil = (at: number, now: number): number => Math.max(1, Math.ceil((at - now) / 1000))
