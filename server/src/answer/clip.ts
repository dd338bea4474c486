/**
 * The stretch of a long unit that is quoted: a table flattened onto one line or a run-on sentence is
 * cut to the window around the question's terms, not to its start (the figure asked for is rarely in
 * the first 600 characters). Ranking reads the same window, so a unit is scored on what it would
 * quote. A window always starts and ends on a word; in a flattened table it starts at the row that
 * holds what is asked (not the header run, which names the table and its columns) and ends after a
 * row's last cell. Pure.
 */
import { isYear, MONTH_NAMES } from '@asks1/shared/contract/calendar'
import escapeStringRegexp from 'escape-string-regexp'

export const MAX_QUOTE = 600
/** Room left for the ellipses `clip` adds. */
const WIDTH = MAX_QUOTE - 2
/** A unit with fewer rows than this is not read as a table. */
const MIN_ROWS = 3
/** The longest title and column header read with a table's rows. */
const HEADER = 300
/** How far back a quote may start to begin at a clause or list item rather than mid-clause. */
const CLAUSE = 150

/** The unit as quoted: its `clipWindow`, with an ellipsis where it was cut. */
export function clip(s: string, focus: readonly string[] = []): string {
  const { from, to } = clipWindow(s, focus)
  return `${from > 0 ? '…' : ''}${s.slice(from, to)}${to < s.length ? '…' : ''}`
}

export interface Window {
  from: number
  to: number
  /**
   * The table's title and column header, when the window is rows of a flattened table that start
   * after it: a row is read with its header ("(In thousands) Year ended December 31, 2023 2022"),
   * so the ranker measures the two together.
   */
  header?: { from: number; to: number }
}

/**
 * The stretch `[from, to)` of a unit `clip` quotes, around the `focus` terms (stems or phrases, in
 * lower case); `breaks` are the offsets where the unit's later pages start.
 */
export function clipWindow(s: string, focus: readonly string[] = [], breaks: readonly number[] = []): Window {
  if (s.length <= MAX_QUOTE) return { from: 0, to: s.length }
  const lower = s.toLowerCase()
  const table = rowWindow(s, lower, focus, breaks)
  if (table) return table
  const hits = focus.flatMap((t) =>
    [...lower.matchAll(new RegExp(escapeStringRegexp(t), 'g'))].map((m) => m.index ?? 0),
  )
  return densestWindow(s, hits)
}

/** A figure cell of a flattened table: "1,549", "$", "(44,155)", "12%", "—", "NM", a footnote "(1)". */
const CELL = /^(?:\$|\(?\$?\(?\d[\d,]*(?:\.\d+)?\)?%?\)?|[—–-]+|NM|\(\d\))$/
const MONTHS = new Set(MONTH_NAMES.flatMap((m) => [m, m.slice(0, 3), m.slice(0, 4)]))

export interface TableRow {
  /** The stretch `[from, to)` of the row: its label, then its cells. */
  from: number
  to: number
  /**
   * The row states two figures or more that are not years: a table row has a cell per column (a
   * header row's cells are the columns' years; a sentence's figures are one here and one there).
   */
  data: boolean
}

/**
 * The rows of a table flattened into running text: a row starts at a word printed right after a
 * figure cell ("… 1,549 Net cash used in …") and ends after its last cell. The text before the
 * first row (the table's title and column header) is row 0 when it prints no figure.
 */
export function tableRows(s: string): TableRow[] {
  const tokens = [...s.matchAll(/\S+/g)].map((m) => ({ text: m[0], from: m.index ?? 0 }))
  const rows: TableRow[] = []
  let start = 0
  let figures = 0
  let lastCellEnd = -1
  const isCell = (i: number) => {
    const t = tokens[i]
    // "December 31, 2013": the day and year of a date are not cells.
    const before = tokens[i - 1]?.text.replace(/[.,]$/, '').toLowerCase()
    return !!t && CELL.test(t.text.replace(/[,;:]$/, '')) && !(before && MONTHS.has(before))
  }
  tokens.forEach((t, i) => {
    const cell = isCell(i)
    if (!cell && i > 0 && isCell(i - 1) && /^[\p{L}(]/u.test(t.text)) {
      rows.push({ from: start, to: lastCellEnd, data: figures >= 2 })
      start = t.from
      figures = 0
    }
    if (cell) {
      lastCellEnd = t.from + t.text.length
      if (/\d/.test(t.text) && !isYear(t.text) && !/^\(\d\)$/.test(t.text)) figures++
    }
  })
  rows.push({ from: start, to: lastCellEnd > start ? lastCellEnd : s.length, data: figures >= 2 })
  return rows
}

/**
 * In a flattened table, the window of rows that holds most of what is asked, starting at a data
 * row. The terms the table's header already prints ("cash flows", "in thousands") name the table,
 * not a row, and the asked years are its columns: windows are compared on the other terms they
 * hold, then on those their first row holds, then on the header's terms they hold too; then the
 * earlier wins.
 */
function rowWindow(
  s: string,
  lower: string,
  focus: readonly string[],
  breaks: readonly number[],
): Window | null {
  const rows = tableRows(s)
  const terms = focus.filter((t) => !/^(?:\d{4}|q[1-4])$/.test(t))
  if (rows.filter((r) => r.data).length < MIN_ROWS || terms.length === 0) return null
  const first = rows.findIndex((r) => r.data)
  const headerEnd = (rows[first] as TableRow).from
  // The title and column header: the rows before the first data row, back to HEADER characters
  // (from a word when the row before starts earlier: a flattened header can run long).
  const near = rows.find((r) => r.from < headerEnd && headerEnd - r.from <= HEADER)
  const headerFrom = near ? near.from : wordStart(s, headerEnd - HEADER)
  const header = lower.slice(headerFrom, headerEnd)
  const own = terms.filter((t) => !header.includes(t))
  const named = terms.filter((t) => header.includes(t))
  const count = (ts: readonly string[], from: number, to: number) => {
    const text = lower.slice(from, to)
    return ts.filter((t) => text.includes(t)).length
  }
  let best: Window | null = null
  let bestScore: number[] = [0, 0, 0]
  for (const r of rows) {
    if (!r.data) continue
    const from = fullFrom(s, rows, r.from)
    const to = endOfRows(s, rows, from, breaks)
    const top = rows.find((x) => x.from === from) ?? r
    const score = [count(own, from, to), count(own, top.from, top.to), count(named, from, to)]
    const i = score.findIndex((x, k) => x !== bestScore[k])
    if (i >= 0 && (score[i] as number) > (bestScore[i] as number) && score.some((x) => x > 0)) {
      const withHeader = from >= headerEnd && headerEnd > headerFrom
      best = { from, to, ...(withHeader ? { header: { from: headerFrom, to: headerEnd } } : {}) }
      bestScore = score
    }
  }
  return best
}

/** A window as full as the unit allows: near its end, start at an earlier row. */
function fullFrom(s: string, rows: readonly TableRow[], from: number): number {
  let out = from
  for (const r of [...rows].reverse()) {
    if (r.from >= out) continue
    if (s.length - out >= WIDTH || s.length - r.from > WIDTH) break
    out = r.from
  }
  return out
}

/**
 * The end of the last row that fits in a window from `from` (or the last word that fits), and
 * before the next page break: the rows of a table continued overleaf are another page's to cite.
 */
function endOfRows(
  s: string,
  rows: readonly TableRow[],
  from: number,
  breaks: readonly number[] = [],
): number {
  const next = breaks.find((b) => b > from)
  const cut = next === undefined ? undefined : rows.filter((r) => r.to > from && r.to <= next).at(-1)?.to
  if (cut !== undefined) return Math.min(cut, endOfRows(s, rows, from))
  const limit = from + WIDTH
  if (limit >= s.length) return s.length
  const ends = rows.filter((r) => r.to > from && r.to <= limit).map((r) => r.to)
  const last = ends.at(-1)
  return last !== undefined && last - from > WIDTH / 2 ? last : wordEnd(s, limit)
}

/** Without rows: the window holding most occurrences of the question's terms, cut at words. */
function densestWindow(s: string, hits: readonly number[]): { from: number; to: number } {
  // Counted by binary search in the sorted hits: a short term in a long table can hit thousands of
  // times, and a count by scan per hit was quadratic in them.
  const sorted = Float64Array.from(hits).sort()
  let from = 0
  let most = -1
  for (const h of hits) {
    const start = Math.max(0, Math.min(h - 100, s.length - WIDTH))
    const n = firstAtOrAbove(sorted, start + WIDTH - 20) - firstAtOrAbove(sorted, start)
    if (n > most) [most, from] = [n, start]
  }
  const first = sorted[firstAtOrAbove(sorted, from)]
  const start = clauseStart(s, from, first === undefined ? from : first)
  return { from: start, to: wordEnd(s, Math.min(s.length, start + WIDTH)) }
}

/**
 * Where a quote from about `at` reads best: the start of the clause or list item the first term it
 * quotes (at `hit`) is in ("…; • our financial position, including cash on hand"), when one begins
 * after `at` or up to CLAUSE characters before it; else the start of a word.
 */
function clauseStart(s: string, at: number, hit: number): number {
  const from = Math.max(0, at - CLAUSE)
  if (hit <= from) return wordStart(s, at)
  const breaks = [...s.slice(from, hit).matchAll(/(?:[.;:]\s+|•\s*|\s[–—]\s+)(?=[\p{L}\p{N}(“"$])/gu)]
  const last = breaks.at(-1)
  return last ? from + (last.index ?? 0) + last[0].length : wordStart(s, at)
}

/** `at`, or the start of the next word when `at` falls inside one. */
function wordStart(s: string, at: number): number {
  if (at <= 0) return 0
  let i = at
  if (/\S/.test(s[i - 1] ?? ' ')) while (i < s.length && /\S/.test(s[i] as string)) i++
  while (i < s.length && /\s/.test(s[i] as string)) i++
  return i
}

/** `at`, or the end of the previous word when `at` falls inside one. */
function wordEnd(s: string, at: number): number {
  if (at >= s.length) return s.length
  let i = at
  if (/\S/.test(s[i] ?? ' ')) while (i > 0 && /\S/.test(s[i - 1] as string)) i--
  while (i > 0 && /\s/.test(s[i - 1] as string)) i--
  return i
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
