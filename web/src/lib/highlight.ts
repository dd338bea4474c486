/**
 * Where the cited figures occur in a page's text, as segments to render with <mark>: plain data,
 * no DOM mutation. Matching tolerates how filings typeset numbers (`$ 3,711`, `50.1 %`, `(27,474)`)
 * and is boundary-safe: `3,200` is not highlighted inside `1,193,200`.
 */
import escapeStringRegexp from 'escape-string-regexp'

export interface Segment {
  text: string
  mark: boolean
}

/** A regex source for one quoted figure, or null when there is nothing number-like to find. */
export function figurePattern(figure: string): string | null {
  const core = figure
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^\$\s*/, '')
    .replace(/\s*%$/, '%')
    .trim()
  if (!/\d/.test(core)) return null
  const body = escapeStringRegexp(core).replace(/%$/, '\\s?%').replace(/\s+/g, '\\s+')
  // An optional dollar sign (tables set it apart from the number), then the number itself.
  return `(?:\\$\\s*)?(?<![\\d.,])${body}(?![\\d]|[.,]\\d)${/[a-z]$/i.test(core) ? '(?![a-z])' : ''}`
}

/**
 * A regex source for a quoted passage: its words in order, any whitespace between them (page text
 * breaks lines and table cells where the answer has spaces), either apostrophe. Null if too short
 * to be a meaningful match.
 */
export function quotePattern(quote: string): string | null {
  const words = quote.trim().split(/\s+/).filter(Boolean)
  if (words.join(' ').length < 12) return null
  return words.map((w) => escapeStringRegexp(w).replace(/['\u2019]/g, "['\u2019]")).join('\\s+')
}

/** Quoted passages in a span of an answer (“…” or "…"), split at ellipses. */
export function quotesIn(span: string): string[] {
  const out: string[] = []
  for (const m of span.matchAll(/[\u201c"]([^\u201d"]{12,})[\u201d"]/g)) {
    for (const part of (m[1] as string).split(/\u2026|\.\.\./)) {
      const trimmed = part.trim().replace(/^[,;:]\s*/, '')
      if (trimmed.length >= 12) out.push(trimmed)
    }
  }
  return out
}

/**
 * One regex (global, case-insensitive) for the figures and quoted passages to highlight, or null when
 * there is nothing to find. The text view, the HTML page view and the PDF page view all mark with it.
 */
export function highlightRegExp(figures: readonly string[], quotes: readonly string[] = []): RegExp | null {
  const patterns = [...[...new Set(figures)].map(figurePattern), ...[...new Set(quotes)].map(quotePattern)]
    .filter((p): p is string => p !== null)
    // Longer figures first, so `$1.2 billion` wins over `1.2`.
    .sort((a, b) => b.length - a.length)
  return patterns.length === 0 ? null : new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'gi')
}

/** Where the highlights fall in `text`: [start, end) pairs, in order. */
export function highlightRanges(text: string, re: RegExp): [number, number][] {
  const out: [number, number][] = []
  for (const m of text.matchAll(re)) if (m[0] !== '') out.push([m.index ?? 0, (m.index ?? 0) + m[0].length])
  return out
}

/** Split `text` into plain and highlighted segments for the given figures and quoted passages. */
export function highlightFigures(
  text: string,
  figures: readonly string[],
  quotes: readonly string[] = [],
): Segment[] {
  const re = highlightRegExp(figures, quotes)
  if (re === null || text === '') return text === '' ? [] : [{ text, mark: false }]
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

/** Whether a quoted passage occurs in the text (same tolerance as the highlighting). */
export function quoteAppears(text: string, quote: string): boolean {
  const pattern = quotePattern(quote)
  return pattern !== null && new RegExp(pattern, 'i').test(text)
}

/**
 * A printed number without what typesetting varies: "$ 3,711", "$3,711" and "3,711(1)" (a
 * footnote marker, as the figure reader drops it) are the same print.
 */
export const printKey = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/(?<=\d|\))\s?(?:\(\d\)|\*+|†|‡|§)$/u, '')
    .replace(/[\s$()]/g, '')
