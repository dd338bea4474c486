/**
 * The stretch of a long unit that is quoted: a table flattened onto one line or a run-on sentence is
 * cut to the window around the question's terms, not to its start (the figure asked for is rarely in
 * the first 600 characters). Ranking reads the same window, so a unit is scored on what it would
 * quote. Pure.
 */
import escapeStringRegexp from 'escape-string-regexp'

export const MAX_QUOTE = 600

/** The unit as quoted: its `clipWindow`, with an ellipsis where it was cut. */
export function clip(s: string, focus: readonly string[] = []): string {
  const { from, to } = clipWindow(s, focus)
  return `${from > 0 ? '…' : ''}${s.slice(from, to)}${to < s.length ? '…' : ''}`
}

/** The stretch `[from, to)` of a unit `clip` quotes. */
export function clipWindow(s: string, focus: readonly string[] = []): { from: number; to: number } {
  if (s.length <= MAX_QUOTE) return { from: 0, to: s.length }
  const lower = s.toLowerCase()
  const hits = focus.flatMap((t) =>
    [...lower.matchAll(new RegExp(escapeStringRegexp(t), 'g'))].map((m) => m.index ?? 0),
  )
  const width = MAX_QUOTE - 2
  // Counted by binary search in the sorted hits: a short term in a long table can hit thousands of
  // times, and a count by scan per hit was quadratic in them.
  const sorted = Float64Array.from(hits).sort()
  let from = 0
  let most = -1
  for (const h of hits) {
    const start = Math.max(0, Math.min(h - 100, s.length - width))
    const n = firstAtOrAbove(sorted, start + width - 20) - firstAtOrAbove(sorted, start)
    if (n > most) [most, from] = [n, start]
  }
  return { from, to: Math.min(s.length, from + width) }
}

/** Index of the first value ≥ x in an ascending array (its length when none). */
function firstAtOrAbove(sorted: Float64Array, x: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
