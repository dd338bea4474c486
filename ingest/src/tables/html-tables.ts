/**
 * Tables of an EDGAR HTML filing from its `<table>` markup (rows and grid positions recorded by
 * the HTML reader with node-html-parser): "$" cells joined to their number, ")" and "%" cells to
 * theirs, columns where numbers sit in the grid, spanning header cells (colspan) given to every
 * column under them. Each row keeps the printed page its line landed on.
 */
import { parseUnits, type Units } from '@asks1/shared/contract/figures'
import type { Table, TableColumn, TableRow } from '@asks1/shared/contract/tables'
import type { HtmlRow, Line } from '../layout'
import { cleanLabel, isNumericCell, readCell, resolvePeriod, unitsOf } from './common'

interface GridCell {
  text: string
  col: number
  span: number
}

/** Cells with their "$", ")" and "%" fragments joined and blanks dropped. */
function joinFragments(cells: readonly HtmlRow['cells'][number][]): GridCell[] {
  const out: GridCell[] = []
  let dollar = false
  for (const c of cells) {
    const t = c.text
    if (t === '') continue
    if (t === '$') {
      dollar = true
      continue
    }
    const last = out.at(-1)
    if (last && /^\)?\s?%?$/.test(t) && /\d/.test(last.text)) {
      last.text += t
      continue
    }
    out.push({ text: dollar ? `$${t}` : t, col: c.col, span: c.span })
    dollar = false
  }
  return out
}

interface Parsed {
  line: number
  label: string
  values: GridCell[]
  cells: GridCell[]
}

function parseRow(row: HtmlRow, line: number): Parsed {
  const cells = joinFragments(row.cells)
  const first = cells[0]
  const labelled = first !== undefined && !isNumericCell(first.text)
  const values = (labelled ? cells.slice(1) : cells).filter((c) => isNumericCell(c.text))
  const rest = (labelled ? cells.slice(1) : cells).length
  const isData =
    values.length > 0 &&
    values.length === rest &&
    !(!labelled && values.every((c) => /^(?:19|20)\d{2}$/.test(c.text)))
  return { line, label: labelled ? (first as GridCell).text : '', values: isData ? values : [], cells }
}

/** Grid positions of numbers, clustered (a number may sit one grid cell off in some rows). */
function columnsOf(rows: readonly Parsed[]): number[] {
  const cols = [...new Set(rows.flatMap((r) => r.values.map((v) => v.col)))].sort((a, b) => a - b)
  const groups: number[][] = []
  for (const c of cols) {
    const g = groups.at(-1)
    if (g && c - (g.at(-1) as number) <= 1) g.push(c)
    else groups.push([c])
  }
  return groups.map((g) => g[g.length - 1] as number)
}

const nearestCol = (cols: readonly number[], col: number) =>
  cols.reduce((best, v, i) => (Math.abs(v - col) < Math.abs((cols[best] as number) - col) ? i : best), 0)

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

/** One `<table>`'s rows (line indexes into `lines`) to the table model, or null if it holds no data. */
function readTable(
  lines: readonly Line[],
  rowLines: readonly number[],
  pageOf: (line: number) => string,
): Table | null {
  const parsed = rowLines.map((i) => parseRow((lines[i] as Line).row as HtmlRow, i))
  const firstData = parsed.findIndex((p) => p.values.length > 0)
  const data = parsed.filter((p) => p.values.length > 0)
  if (firstData < 0 || data.length < 2) return null
  const cols = columnsOf(data)
  const parts: string[][] = cols.map(() => [])
  for (const h of parsed.slice(0, firstData))
    for (const c of h.cells) {
      if (c.col === 0 && h.cells.length > 1) continue
      cols.forEach((col, k) => {
        if (col >= c.col && col < c.col + c.span) (parts[k] as string[]).push(c.text)
      })
    }
  const columns: TableColumn[] = parts.map((p) => {
    const label = p.join(' ').replace(/\s+/g, ' ').trim()
    return { label, period: resolvePeriod(label) }
  })
  const caption = titleAndUnits(lines, rowLines[0] as number)
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
  const page = rows[0]?.page ?? pageOf(rowLines[0] as number)
  return { page, title: caption.title, units: unitsOf(units), columns, rows, continued: false }
}

/**
 * Every table of an HTML filing's line stream; `pageOf` gives the printed page of a line (null for
 * lines outside any printed page, whose rows are skipped). A malformed table is skipped, never fatal.
 */
export function htmlTables(lines: readonly Line[], pageOf: (line: number) => string | null): Table[] {
  const byTable = new Map<number, number[]>()
  lines.forEach((l, i) => {
    if (l.row && pageOf(i) !== null) byTable.set(l.row.table, [...(byTable.get(l.row.table) ?? []), i])
  })
  const out: Table[] = []
  for (const rowLines of byTable.values()) {
    try {
      const t = readTable(lines, rowLines, (i) => pageOf(i) as string)
      if (t) out.push(t)
    } catch {
      // A table whose markup defeats the reader keeps its text; the ingest goes on.
    }
  }
  return out
}
