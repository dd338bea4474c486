/**
 * PDF table rows: which lines of a page form a table (runs of data rows with label lines between
 * them) and each row's label, wrapped label lines joined. Pure geometry and typography, no wording
 * of any filing: a table ends where prose, a footnote, a new header block or a change of type size
 * starts.
 */
import type { Line } from '../layout'
import { asDataRow, type DataRow } from './pdf-cells'

export interface Region {
  /** First and last line of the run (indexes into the page's lines). */
  start: number
  end: number
  rows: DataRow[]
}

/** Label lines allowed between two rows (a capitalization label wraps over up to seven lines). */
const MAX_GAP_LINES = 8

/** A footnote starts with its marker: "(1) Includes stock-based compensation as follows:". */
export const isFootnoteLine = (line: Line): boolean =>
  /^(?:\(\d{1,2}\)|\([a-z]\)|[*†‡]+)(?:\s|$)/.test(line.segments?.[0]?.text ?? line.text) &&
  (line.segments?.length ?? 0) > 1

/** A line of running text: many words, or one wide run of words. */
export function isProse(line: Line, pageWidth: number): boolean {
  const segs = line.segments ?? []
  const words = line.text.split(' ').length
  if (words > 24) return true
  // A heading or a wrapped label ends in ":" or stays in the label column; a sentence runs wide.
  if (/:$/.test(line.text) && words <= 12) return false
  const widest = Math.max(0, ...segs.map((s) => s.x1 - s.x0))
  return (
    (segs.length === 1 && widest > 0.6 * pageWidth && words > 6) || (widest > 0.55 * pageWidth && words > 16)
  )
}

/**
 * A line between two rows that belongs to the table: a section label or a wrapped label line, all
 * of it left of the numbers. Text reaching over the numbers is prose or a new header block; a
 * footnote ends the table even when it introduces a small table of its own.
 */
function isLabelLine(line: Line, numbersLeft: number): boolean {
  const segs = line.segments ?? []
  if (segs.length === 0 || isFootnoteLine(line) || line.text.split(' ').length > 30) return false
  const em = line.geo?.fontSize ?? 9
  return segs.every((s) => s.x1 < numbersLeft - 0.5 * em)
}

/** Rows of one table share a type size; a footnote table set smaller under it is a table of its own. */
const sameType = (a: DataRow, b: DataRow) =>
  a.fontSize === 0 ||
  b.fontSize === 0 ||
  Math.abs(a.fontSize - b.fontSize) <= 0.15 * Math.max(a.fontSize, b.fontSize)

/** Consecutive runs of data rows (label lines between rows allowed), at least two labelled rows each. */
export function regions(lines: readonly Line[]): Region[] {
  const out: Region[] = []
  let cur: Region | null = null
  let numbersLeft = Number.POSITIVE_INFINITY
  let gapLines = 0
  lines.forEach((line, i) => {
    const row = asDataRow(line, i)
    if (row && cur && !sameType(cur.rows[0] as DataRow, row)) cur = null
    if (row) {
      if (!cur) {
        cur = { start: i, end: i, rows: [] }
        numbersLeft = Number.POSITIVE_INFINITY
        out.push(cur)
      }
      cur.rows.push(row)
      cur.end = i
      numbersLeft = Math.min(numbersLeft, ...row.cells.map((c) => c.x0))
      gapLines = 0
      return
    }
    if (cur && isLabelLine(line, numbersLeft) && ++gapLines <= MAX_GAP_LINES) return
    cur = null
    gapLines = 0
  })
  // A table names its rows: numbers without labels (a chart's axis and data labels) are none.
  return out.filter((r) => r.rows.filter((row) => row.label !== '').length >= 2)
}

/** Words a wrapped label line can end on but a label cannot ("… doubtful accounts of $11 as of"). */
const OPEN_END =
  /(?:[,;&\-–]|\b(?:of|and|or|the|a|an|to|for|in|on|at|by|with|from|as|per|less|including|excluding|between|under|into|than|that|which))$/i

interface Pending {
  text: string
  /** Left edge of the label's first line and of its latest line. */
  x0: number
  lastX0: number
  lines: number
}

/**
 * Whether `text` (at `x0`) continues a label begun on the lines above: it starts in lower case or
 * with a figure, the line above ends mid-phrase, or it keeps the hanging indent of the label's
 * earlier continuation lines. A heading ending in ":" is never continued.
 */
function continues(p: Pending, text: string, x0: number): boolean {
  if (/:$/.test(p.text)) return false
  if (/^[a-z\d(&$]/.test(text)) return true
  if (OPEN_END.test(p.text)) return true
  return p.lines >= 2 && Math.abs(x0 - p.lastX0) < 1 && x0 > p.x0 + 1
}

/** The text column (after the label's first) a label line above wraps into: it starts where that column does. */
function textColumn(row: DataRow, p: Pending): number {
  return row.labelParts.findIndex((c, k) => k > 0 && Math.abs(c.x0 - p.x0) < 1)
}

/**
 * Each row of a region with its label, wrapped label lines joined ("Net loss attributable to
 * common" / "stockholders"). Label lines between the header and the first row (`from`) count: the
 * first row's label may begin there.
 */
export function labelRows(
  lines: readonly Line[],
  region: Region,
  from = region.start,
): { row: DataRow; label: string }[] {
  const byLine = new Map(region.rows.map((r) => [r.line, r]))
  const out: { row: DataRow; label: string }[] = []
  let pending = null as Pending | null
  for (let i = Math.min(from, region.start); i <= region.end; i++) {
    const row = byLine.get(i)
    if (!row) {
      const line = lines[i] as Line
      const x0 = line.segments?.[0]?.x0 ?? line.geo?.x0 ?? 0
      const p: Pending | null = pending
      pending =
        p && continues(p, line.text, x0)
          ? { text: `${p.text} ${line.text}`, x0: p.x0, lastX0: x0, lines: p.lines + 1 }
          : { text: line.text, x0, lastX0: x0, lines: 1 }
      continue
    }
    const column = pending && pending.lines === 1 ? textColumn(row, pending) : -1
    const joined = pending !== null && row.label !== '' && continues(pending, row.label, row.labelX)
    const label =
      column > 0
        ? row.labelParts.map((c, k) => (k === column ? `${pending?.text} ${c.text}` : c.text)).join(' ')
        : joined
          ? `${pending?.text} ${row.label}`
          : row.label || (pending?.text ?? '')
    pending = null
    out.push({ row, label })
  }
  return out
}
