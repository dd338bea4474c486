/**
 * Printed page labels: the one home of what a label looks like, how printed text reads as one, how
 * a label is written, and in which order labels run. Ingest finds labels with it, citations parse
 * them, the API schema validates them and the web app groups citation ranges with it. Browser-safe.
 *
 * What filings print, and the canonical label each becomes:
 * - arabic body pages: `154`
 * - roman front matter: `ii`, `xiv` (lower case, canonical spelling only)
 * - prefixed sequences: financial pages `F-16`, Part II/III `II-3`, `III-5`, annexes and appendices
 *   `A-1`, `B-12` (printed as `A - 10` too: the spaces go)
 * - decorated: `- 12 -`, `Page 12`, `Page 6 of 15` (label `6`)
 */

/** A sequence of printed pages: `arabic`, `roman`, or a prefix such as `F`, `II`, `A`. */
export type PageSequence = string

export interface PageLabel {
  /** The canonical label: `154`, `F-16`, `III-5`, `A-10`, `iv`. */
  label: string
  seq: PageSequence
  /** The page's number within its sequence (`F-16` → 16, `iv` → 4). */
  value: number
}

/** A label prefix: one or two capitals (`F`, `A`, `II`) or an upper-case roman numeral (`III`, `VIII`). */
const PREFIX = '(?:[A-Z]{1,2}|[IVX]{1,4})'
const NUMBER = String.raw`[1-9]\d{0,3}`
const ROMAN = '[ivxlc]{1,7}'

/**
 * A canonical label as a regular-expression fragment (no groups, no anchors), for patterns that
 * find labels inside longer text (`[p.F-16]`, `see p.III-5`).
 */
export const PAGE_LABEL_PATTERN = `(?:${PREFIX}-${NUMBER}|${NUMBER}|${ROMAN})`

/** A whole string that is a canonical label (what the API accepts as a page). */
export const PAGE_LABEL_RE = new RegExp(`^${PAGE_LABEL_PATTERN}$`)

/**
 * A label as printed at the end or start of a running footer (`… Form S-1  34`, `A - 10`,
 * `Page 6 of 15`), as a fragment: arabic numbers of at most three digits (a four-digit number in a
 * footer is a year), dashes with or without spaces around them.
 */
export const PRINTED_LABEL_PATTERN = String.raw`(?:(?:[Pp]age|PAGE)\s+(?:${PREFIX}\s*[-–—]\s*\d{1,3}|\d{1,3})(?:\s+of\s+\d{1,4})?|${PREFIX}\s*[-–—]\s*\d{1,3}|\d{1,3}|${ROMAN})`

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 }

/** The value of a lower-case roman numeral in canonical spelling, or null (`iiii`, `vx` are not). */
export function romanValue(s: string): number | null {
  if (!/^[ivxlc]{1,7}$/.test(s)) return null
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUES[s[i] as string] as number
    const next = ROMAN_VALUES[s[i + 1] as string] ?? 0
    total += v < next ? -v : v
  }
  // Non-canonical spellings are more likely words or bullets than page numbers.
  return total > 0 && toRoman(total) === s ? total : null
}

/** Lower-case roman numeral of `n` (front-matter page labels). */
export function toRoman(n: number): string {
  const table: [number, string][] = [
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ]
  let out = ''
  let rest = n
  for (const [v, s] of table) {
    while (rest >= v) {
      out += s
      rest -= v
    }
  }
  return out
}

/** The label of page `value` of a sequence. */
export function formatPageLabel(seq: PageSequence, value: number): string {
  if (seq === 'arabic') return String(value)
  if (seq === 'roman') return toRoman(value)
  return `${seq}-${value}`
}

/** A canonical label (`154`, `F-16`, `III-5`, `iv`) parsed, or null when `label` is not one. */
export function parsePageLabel(label: string): PageLabel | null {
  if (!PAGE_LABEL_RE.test(label)) return null
  const dash = label.indexOf('-')
  if (dash > 0) return { label, seq: label.slice(0, dash), value: Number(label.slice(dash + 1)) }
  if (/^\d/.test(label)) return { label, seq: 'arabic', value: Number(label) }
  const value = romanValue(label)
  return value === null ? null : { label, seq: 'roman', value }
}

const PRINTED_RE = new RegExp(`^${PRINTED_LABEL_PATTERN}$`)

/**
 * Printed text that is a page label, read as its canonical label: `154`, `F-16`, `A - 10`, `iv`,
 * `- 12 -`, `Page 12`, `Page 6 of 15`. Arabic labels are 1-3 digits (a 4-digit number is a year).
 */
export function readPrintedLabel(raw: string): PageLabel | null {
  let text = raw
    .replace(/[\u00a0\u200b]/g, ' ')
    .trim()
    .replace(/^[-–—]\s*(.+?)\s*[-–—]$/, '$1')
  if (!PRINTED_RE.test(text)) return null
  text = text
    .replace(/^page\s+/i, '')
    .replace(/\s+of\s+\d+$/, '')
    .replace(/\s*[-–—]\s*/, '-')
    // `007` and `F-01` are pages 7 and F-1; `0` is no page.
    .replace(/\d+$/, (digits) => String(Number(digits)))
  return parsePageLabel(text)
}

/** Reading order of sequences: front matter, body, financial pages, annexes, then Part II, III… */
function sequenceRank(seq: PageSequence): [number, number, string] {
  if (seq === 'roman') return [0, 0, '']
  if (seq === 'arabic') return [1, 0, '']
  if (seq === 'F') return [2, 0, '']
  const roman = seq.length > 1 ? romanValue(seq.toLowerCase()) : null
  if (roman !== null) return [4, roman, '']
  return [3, 0, seq]
}

/**
 * Orders labels as a filing prints them: `ii` < `1` < `154` < `F-1` < `A-1` < `B-1` < `II-1` <
 * `III-1`. Labels that are not canonical sort last, by text. A single filing is read in document
 * order; this order is for lists of labels gathered from elsewhere (a table of contents, citations).
 */
export function comparePageLabels(a: string, b: string): number {
  const pa = parsePageLabel(a)
  const pb = parsePageLabel(b)
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a < b ? -1 : a > b ? 1 : 0
  const ra = sequenceRank(pa.seq)
  const rb = sequenceRank(pb.seq)
  if (ra[0] !== rb[0]) return ra[0] - rb[0]
  if (ra[1] !== rb[1]) return ra[1] - rb[1]
  if (ra[2] !== rb[2]) return ra[2] < rb[2] ? -1 : 1
  return pa.value - pb.value
}

/** Whether `next` is the page right after `prev` in one sequence (`12` → `13`, `F-4` → `F-5`). */
export function followsPageLabel(prev: string, next: string): boolean {
  const a = parsePageLabel(prev)
  const b = parsePageLabel(next)
  return !!a && !!b && a.seq === b.seq && b.value === a.value + 1
}

/** Longest range of pages expanded (`pp. 12–14`); a longer one is more likely a typo than a range. */
export const MAX_PAGE_RANGE = 20

/**
 * The pages strictly after `from` up to and including `to`, when both are of one sequence and the
 * range is short; otherwise just `[to]`.
 */
export function pagesAfterUpTo(from: string, to: string): string[] {
  const a = parsePageLabel(from)
  const b = parsePageLabel(to)
  if (!a || !b || a.seq !== b.seq || b.value <= a.value || b.value - a.value > MAX_PAGE_RANGE) return [to]
  return Array.from({ length: b.value - a.value }, (_, i) => formatPageLabel(a.seq, a.value + i + 1))
}
