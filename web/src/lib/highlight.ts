/**
 * Where the cited figures occur in a page's text, as segments to render with <mark>: plain data,
 * no DOM mutation. Matching tolerates how filings typeset numbers (`$ 3,711`, `50.1 %`, `(27,474)`)
 * and is boundary-safe: `3,200` is not highlighted inside `1,193,200`.
 */

export interface Segment {
  text: string
  mark: boolean
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A regex source for one quoted figure, or null when there is nothing number-like to find. */
export function figurePattern(figure: string): string | null {
  const core = figure
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^\$\s*/, '')
    .replace(/\s*%$/, '%')
    .trim()
  if (!/\d/.test(core)) return null
  const body = escapeRegExp(core).replace(/%$/, '\\s?%').replace(/\s+/g, '\\s+')
  // An optional dollar sign (tables set it apart from the number), then the number itself.
  return `(?:\\$\\s*)?(?<![\\d.,])${body}(?![\\d]|[.,]\\d)${/[a-z]$/i.test(core) ? '(?![a-z])' : ''}`
}

/** Split `text` into plain and highlighted segments for the given figures. */
export function highlightFigures(text: string, figures: readonly string[]): Segment[] {
  const patterns = [...new Set(figures)]
    .map(figurePattern)
    .filter((p): p is string => p !== null)
    // Longer figures first, so `$1.2 billion` wins over `1.2`.
    .sort((a, b) => b.length - a.length)
  if (patterns.length === 0 || text === '') return text === '' ? [] : [{ text, mark: false }]
  const re = new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'gi')
  const segments: Segment[] = []
  let at = 0
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0
    if (m[0] === '') continue
    if (start > at) segments.push({ text: text.slice(at, start), mark: false })
    segments.push({ text: m[0], mark: true })
    at = start + m[0].length
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false })
  return segments
}
