/**
 * The stretch of a long unit that is quoted: a table flattened onto one line or a run-on sentence is
 * cut to the window around the question's terms, not to its start (the figure asked for is rarely in
 * the first 600 characters). Ranking reads the same window, so a unit is scored on what it would
 * quote. Pure.
 */
import escapeStringRegexp from 'escape-string-regexp'

export const MAX_QUOTE = 600

/**
 * A long unit (a table flattened onto one line, a run-on sentence) is cut to the window around the
 * question's terms, not to its start: the figure asked for is rarely in the first 600 characters.
 */
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
  let from = 0
  let most = -1
  for (const h of hits) {
    const start = Math.max(0, Math.min(h - 100, s.length - width))
    const n = hits.filter((x) => x >= start && x < start + width - 20).length
    if (n > most) [most, from] = [n, start]
  }
  return { from, to: Math.min(s.length, from + width) }
}
