/**
 * Tables of an EDGAR HTML filing from its `<table>` markup (rows and grid positions recorded by
 * the HTML reader with node-html-parser): "$" cells joined to their number, ")" and "%" cells to
 * theirs, columns where numbers sit in the grid, spanning header cells (colspan) given to every
 * column under them. Each row keeps the printed page its line landed on.
 */

import { hasYear } from '@asks1/shared/contract/calendar'
import { parseUnits, type Units } from '@asks1/shared/contract/figures'
import type { Table, TableColumn, TableRow } from '@asks1/shared/contract/tables'
import type { HtmlRow, Line } from '../layout'
import {
  cleanLabel,
  isNumericCell,
  isYearCell,
  readCell,
  resolvePeriod,
  splitLabelCells,
  unitsOf,
} from './common'

interface GridCell {
  text: string
  /** Grid column of the number, of its "$" when printed apart, and the cell's colspan. */
  col: number
  col0: number
  span: number
}

/** Cells with their "$", ")" and "%" fragments joined and blanks dropped. */
function joinFragments(cells: readonly HtmlRow['cells'][number][]): GridCell[] {
  const out: GridCell[] = []
  let dollar: number | null = null
  for (const c of cells) {
    const t = c.text
    if (t === '') continue
    if (t === '$') {
      dollar = c.col
      continue
    }
    const last = out.at(-1)
    if (last && /^(?:\)|%|\)\s?%|%\))$/.test(t) && /\d|^[—–-]$/.test(last.text)) {
      last.text += t
      continue
    }
    out.push({ text: dollar !== null ? `$${t}` : t, col: c.col, col0: dollar ?? c.col, span: c.span })
    dollar = null
  }
  return out
}

interface Parsed {
  line: number
  label: string
  values: GridCell[]
  cells: GridCell[]
}

/**
 * A `<tr>` as label and values, the PDF reader's rules on the grid: text cells before the first
 * figure are the label (a "Classification" text column joins it), a year leading amounts is the
 * label, a row of years alone is a header.
 */
function parseRow(row: HtmlRow, line: number): Parsed {
  const cells = joinFragments(row.cells)
  const { labels, values } = splitLabelCells(cells)
  const isData = values.length > 0 && values.every((c) => isNumericCell(c.text)) && !values.every(isYearCell)
  return { line, label: labels.map((c) => c.text).join(' '), values: isData ? values : [], cells }
}

/**
 * Grid positions of numbers, clustered: a number may sit one grid cell off in some rows, but two
 * neighbouring grid columns that both hold a number in one row are two columns.
 */
function columnsOf(rows: readonly Parsed[]): number[] {
  const cols = [...new Set(rows.flatMap((r) => r.values.map((v) => v.col)))].sort((a, b) => a - b)
  const together = (g: number[], c: number) =>
    rows.some((r) => r.values.some((v) => v.col === c) && r.values.some((v) => g.includes(v.col)))
  const groups: number[][] = []
  for (const c of cols) {
    const g = groups.at(-1)
    if (g && c - (g.at(-1) as number) <= 1 && !together(g, c)) g.push(c)
    else groups.push([c])
  }
  return groups.map((g) => g[g.length - 1] as number)
}

const nearestCol = (cols: readonly number[], col: number) =>
  cols.reduce((best, v, i) => (Math.abs(v - col) < Math.abs((cols[best] as number) - col) ? i : best), 0)

/**
 * The columns a header cell sits over: those whose number lies under its colspan; else those whose
 * cells ("$" included) it overlaps, as EDGAR often shifts a header one grid cell left of the figures
 * ("April 30, 2009" over grid 1–2, its "$" at 2 and figure at 3).
 */
function headerColumns(c: GridCell, cols: readonly number[], lo: readonly number[]): number[] {
  const end = c.col + c.span - 1
  const under = cols.flatMap((col, k) => (col >= c.col && col <= end ? [k] : []))
  if (under.length) return under
  return cols.flatMap((col, k) => ((lo[k] as number) <= end && col >= c.col ? [k] : []))
}

/** A row after the data with text over the figures starts a new header block: a table of its own. */
function isHeaderRow(p: Parsed): boolean {
  return p.values.length === 0 && p.cells.some((c) => c.col > 0 && !isNumericCell(c.text))
}

function titleAndUnits(lines: readonly Line[], first: number): { title: string | null; units: Units | null } {
  let title: string | null = null
  let units: Units | null = null
  for (let i = first - 1; i >= 0 && first - i <= 4; i--) {
    const line = lines[i] as Line
    if (line.row) break
    const u = parseUnits(line.text)
    if (u && !units) units = u
    else if (!title && line.text.split(' ').length <= 14) title = line.text
  }
  return { title, units }
}

/** One header block of a `<table>` (header rows, then data rows) to the table model, or null. */
function readBlock(
  parsed: readonly Parsed[],
  caption: { title: string | null; units: Units | null },
  pageOf: (line: number) => string,
): Table | null {
  const firstData = parsed.findIndex((p) => p.values.length > 0)
  const data = parsed.filter((p) => p.values.length > 0)
  if (firstData < 0 || data.length < 2) return null
  const cols = columnsOf(data)
  const lo = [...cols]
  for (const p of data)
    for (const v of p.values) {
      const k = nearestCol(cols, v.col)
      lo[k] = Math.min(lo[k] as number, v.col0)
    }
  const parts: string[][] = cols.map(() => [])
  for (const h of parsed.slice(0, firstData))
    for (const c of h.cells) {
      if (c.col === 0 && h.cells.length > 1) continue
      for (const k of headerColumns(c, cols, lo)) (parts[k] as string[]).push(c.text)
    }
  const columns: TableColumn[] = parts.map((p) => {
    const label = p.join(' ').replace(/\s+/g, ' ').trim()
    return { label, period: resolvePeriod(label) }
  })
  const headerText = parsed
    .slice(0, firstData)
    .flatMap((h) => h.cells.map((c) => c.text))
    .join(' ')
  const units = parseUnits(headerText) ?? caption.units
  const rows: TableRow[] = []
  for (const p of parsed.slice(firstData)) {
    if (!p.values.length) continue
    const label = cleanLabel(p.label)
    const cells = cols.map(() => ({ text: '', value: null as number | null }))
    for (const v of p.values) cells[nearestCol(cols, v.col)] = readCell(v.text, units, label)
    rows.push({ label, page: pageOf(p.line), cells })
  }
  const page = rows[0]?.page ?? pageOf((parsed[0] as Parsed).line)
  return { page, title: caption.title, units: unitsOf(units), columns, rows, continued: false }
}

/**
 * A `<table>`'s rows cut at each new header block that names a period of its own (the 2010
 * fair-value table printed in the same `<table>` under the 2011 one); a header row naming no year
 * ("(unaudited)") stays inside its block.
 */
function headerBlocks(parsed: readonly Parsed[]): Parsed[][] {
  const blocks: Parsed[][] = [[]]
  let seenData = false
  for (const p of parsed) {
    if (isHeaderRow(p) && seenData) {
      blocks.push([])
      seenData = false
    }
    ;(blocks.at(-1) as Parsed[]).push(p)
    if (p.values.length) seenData = true
  }
  const named = (b: Parsed[]) =>
    b.some((p) => isHeaderRow(p) && hasYear(p.cells.map((c) => c.text).join(' ')))
  return blocks.reduce<Parsed[][]>((out, b) => {
    if (out.length && !named(b)) (out.at(-1) as Parsed[]).push(...b)
    else out.push(b)
    return out
  }, [])
}

/** One `<table>`'s rows (line indexes into `lines`) to the table model: one table per header block. */
function readTable(
  lines: readonly Line[],
  rowLines: readonly number[],
  pageOf: (line: number) => string,
): Table[] {
  const parsed = rowLines.map((i) => parseRow((lines[i] as Line).row as HtmlRow, i))
  const caption = titleAndUnits(lines, rowLines[0] as number)
  return headerBlocks(parsed).flatMap((b) => readBlock(b, caption, pageOf) ?? [])
}

/**
 * Every table of an HTML filing's line stream; `pageOf` gives the printed page of a line (null for
 * lines outside any printed page, whose rows are skipped). A malformed table is skipped, never fatal.
 */
export function htmlTables(
  lines: readonly Line[],
  pageOf: (line: number) => string | null,
  log: (message: string) => void = () => {},
): Table[] {
  const byTable = new Map<number, number[]>()
  lines.forEach((l, i) => {
    if (l.row && pageOf(i) !== null) byTable.set(l.row.table, [...(byTable.get(l.row.table) ?? []), i])
  })
  const out: Table[] = []
  for (const rowLines of byTable.values()) {
    try {
      out.push(...readTable(lines, rowLines, (i) => pageOf(i) as string))
    } catch (err) {
      // A table whose markup defeats the reader keeps its text; the ingest goes on.
      log(
        `table ${(lines[rowLines[0] as number] as Line).row?.table}: no table read (${(err as Error).message})`,
      )
    }
  }
  return out
}
