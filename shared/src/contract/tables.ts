/**
 * Financial tables as data: the model ingest reads from a PDF's geometry or EDGAR's `<table>`
 * markup, the stores keep per page, `/sources` serves and the page panel draws; plus the few pure
 * operations on it (a row as a retrieval unit, a cell as a figure, the cell for a line item and
 * period). Browser-safe.
 */
import { type Static, Type } from 'typebox'
import { monthOf, yearsIn } from './calendar'
import { countRow, type Figure, formatFigure, parseFigure, parseUnits } from './figures'

export const TableCellSchema = Type.Object({
  text: Type.String({ description: 'As printed ("$ 3,711", "(27,474)", "—")' }),
  value: Type.Union([Type.Number(), Type.Null()], {
    description: "The number scaled to the table's units (166,919 in thousands = 166919000); null when empty",
  }),
})
export type TableCell = Static<typeof TableCellSchema>

export const TableColumnSchema = Type.Object({
  label: Type.String({ description: 'The column header as printed, lines joined' }),
  period: Type.Union([Type.String(), Type.Null()], {
    description: 'The period the column reports ("Year ended December 31, 2015"); null when none',
  }),
})
export type TableColumn = Static<typeof TableColumnSchema>

export const TableRowSchema = Type.Object({
  label: Type.String({ description: 'Row label, wrapped lines joined' }),
  page: Type.String({ description: 'Printed page the row is printed on' }),
  cells: Type.Array(TableCellSchema, { description: 'One per column' }),
})
export type TableRow = Static<typeof TableRowSchema>

export const TableUnitsSchema = Type.Object({
  label: Type.Union([Type.String(), Type.Null()], { description: '"thousands", "millions", "billions"' }),
  scale: Type.Number({ description: 'What plain amounts are multiplied by (1, 1000, 1e6, 1e9)' }),
  exceptPerShare: Type.Boolean({ description: 'Per-share amounts are not scaled' }),
  exceptShares: Type.Boolean({ description: 'Share counts are not scaled' }),
})

export const TableSchema = Type.Object({
  page: Type.String({ description: 'Printed page of the table (of this part, when it is continued)' }),
  title: Type.Union([Type.String(), Type.Null()], { description: 'Caption or heading above the table' }),
  units: Type.Union([TableUnitsSchema, Type.Null()], { description: 'Declared units; null when none' }),
  columns: Type.Array(TableColumnSchema),
  rows: Type.Array(TableRowSchema),
  continued: Type.Boolean({ description: 'This part continues a table begun on an earlier page' }),
})
export type Table = Static<typeof TableSchema>

/**
 * A cell as a figure in its table's units (what the citation check compares a quote with). `money`:
 * the column is money at this row (`moneyCells`), so a bare "427" is $427 in the table's units.
 */
export function cellFigure(cell: TableCell, money = false): Figure | null {
  if (cell.value === null) return null
  const parsed = parseFigure(cell.text)
  const printed = parsed && money && parsed.kind === 'number' ? { ...parsed, kind: 'money' as const } : parsed
  if (!printed || printed.number === 0) return printed
  const scale = cell.value / printed.number
  return { ...printed, scale, value: cell.value, tolerance: printed.tolerance * Math.abs(scale) }
}

/**
 * Which cells are money though printed without "$": financial tables print "$" on a column's first
 * amount and on its totals only (Regulation S-X practice; "Revenue $ 3,711 / Cost of revenue 860"),
 * so a bare figure below a "$" in its column is money too, until a row counting shares or stating
 * a rate (`countRow`) or a row with units of its own ("Listener hours (in billions)") breaks the run.
 * Indexed like `table.rows[r].cells[c]`.
 */
export function moneyCells(table: Table): boolean[][] {
  const run = table.columns.map(() => false)
  return table.rows.map((row) => {
    const counts = countRow(row.label) || parseUnits(row.label) !== null
    return row.cells.map((cell, c) => {
      if (cell.value === null) {
        // "$ —": a blank printed with the column's "$" starts its money run as an amount would
        // (CAMP4 F-4 prints "$—" atop 2022's column, then "34,771").
        if (!counts && cell.text.trim().startsWith('$')) run[c] = true
        return false
      }
      const f = parseFigure(cell.text)
      if (!f || f.kind === 'percent') return false
      if (counts) {
        run[c] = false
        return false
      }
      if (f.kind !== 'number') run[c] = f.kind === 'money'
      return f.kind === 'number' ? (run[c] ?? false) : f.kind === 'money'
    })
  })
}

/** Every numeric cell of the tables (of one page), as figures carrying their row label. */
export function tableFigures(tables: readonly Table[], page?: string): Figure[] {
  const out: Figure[] = []
  for (const t of tables) {
    const money = moneyCells(t)
    t.rows.forEach((r, i) => {
      if (page !== undefined && r.page !== page) return
      r.cells.forEach((c, k) => {
        const f = cellFigure(c, money[i]?.[k])
        if (f) out.push({ ...f, row: r.label })
      })
    })
  }
  return out
}

const SPAN_MONTHS: Record<string, number> = {
  three: 3,
  six: 6,
  nine: 9,
  twelve: 12,
  '3': 3,
  '6': 6,
  '9': 9,
  '12': 12,
}
/** A 52/53-week fiscal year is a year; 13, 26 and 39 weeks are its quarters. */
const WEEKS_MONTHS: Record<string, number> = {
  thirteen: 3,
  'twenty-six': 6,
  'thirty-nine': 9,
  'fifty-two': 12,
  'fifty-three': 12,
  '13': 3,
  '26': 6,
  '39': 9,
  '52': 12,
  '53': 12,
}

/** What a column's period covers, read from the period `resolvePeriod` (ingest) wrote. */
export interface PeriodSpan {
  /** Months it runs: 12 for a (fiscal) year, 3/6/9 for "N months ended", 0 for a date, null unknown. */
  months: number | null
  /** The year and month it ends (a date's own); month null for a bare year ("2011"). */
  endYear: number
  endMonth: number | null
  /**
   * The fiscal year a year-long period is, named by the calendar year it ends in: the usual naming,
   * and the one filings state ("all references herein to a fiscal year refer to the 12 months ended
   * January 31 of such year", Pandora S-1 p.6; "fiscal 2010" is the year ended January 31, 2010).
   */
  fiscalYear: number | null
  /**
   * The calendar year a year-long period mostly covers: the year ended January 31, 2011 is calendar
   * 2010 (eleven of its months); one ending June 30 covers two halves and goes by its name (2011).
   * A date's calendar year is its own.
   */
  calendarYear: number | null
}

/**
 * A column period's coverage: "Fiscal year ended January 31, 2011" ends 2011-01, is fiscal 2011
 * and mostly calendar 2010; "Year ended December 31, 2011" is both 2011; "December 31, 2010" is a
 * date in 2010; "Nine months ended October 31, 2010" is neither a fiscal nor a calendar year.
 * Null when the period names no year.
 */
export function periodSpan(period: string): PeriodSpan | null {
  const year = yearsIn(period)[0]
  if (year === undefined) return null
  const endYear = Number(year)
  const month = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{0,2}/i.exec(period)
  const endMonth = month ? monthOf(month[1] as string) : null
  const dur =
    /\b(?:(three|six|nine|twelve|3|6|9|12)[\s-]+months?|(thirteen|twenty-six|thirty-nine|fifty-two|fifty-three|13|26|39|52|53)[\s-]+weeks?|(?:fiscal\s+)?years?|(quarter))\s+ended\b/i.exec(
      period,
    )
  const months = !dur
    ? endMonth !== null
      ? 0
      : 12
    : dur[1]
      ? (SPAN_MONTHS[(dur[1] as string).toLowerCase()] ?? null)
      : dur[2]
        ? (WEEKS_MONTHS[(dur[2] as string).toLowerCase()] ?? null)
        : dur[3]
          ? 3
          : 12
  if (months !== 12)
    return { months, endYear, endMonth, fiscalYear: null, calendarYear: months === 0 ? endYear : null }
  // A year ending in month m has m of its months in its end year; a half-and-half year (June) goes by
  // the year it is named for.
  const calendarYear = (endMonth ?? 12) >= 6 ? endYear : endYear - 1
  return { months, endYear, endMonth, fiscalYear: endYear, calendarYear }
}

/** A column's name in a sentence: its period, else its printed label. */
export const columnName = (c: TableColumn): string => c.period ?? c.label

/** "$166,919 thousand": a cell as a reader writes it; the printed text when it is no number. */
export function cellText(cell: TableCell, money = false): string {
  const f = cellFigure(cell, money)
  return f ? formatFigure(f) : cell.text
}

/**
 * A row as its own retrieval unit: "Revenue — Year ended December 31, 2015: $166,919 thousand;
 * Year ended December 31, 2014: …", prefixed with the table's title so a search for the
 * statement finds its rows.
 */
export function rowText(table: Table, row: TableRow): string {
  const money = moneyCells(table)[table.rows.indexOf(row)] ?? []
  const parts = row.cells
    .map((c, i) => ({ c, col: table.columns[i], money: money[i] ?? false }))
    .filter(({ c }) => c.value !== null)
    .map(({ c, col, money }) => `${col ? columnName(col) : ''}: ${cellText(c, money)}`.replace(/^: /, ''))
  const head = table.title ? `${table.title}. ` : ''
  return `${head}${row.label} — ${parts.join('; ')}`
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !['and', 'the', 'of', 'for', 'to', 'in', 'per'].includes(w))

export interface CellMatch {
  table: Table
  row: TableRow
  column: TableColumn
  cell: TableCell
}

/**
 * The cell a line item and period point at ("total revenue", "year ended December 31, 2015"): the
 * row whose label shares the most of the item's words (all of them required), then the column whose
 * period or label holds every word of the period asked. A "Total …" row wins a tie.
 */
export function findCell(tables: readonly Table[], lineItem: string, period: string): CellMatch | null {
  const item = words(lineItem)
  const want = words(period)
  if (!item.length) return null
  let best: (CellMatch & { score: number }) | null = null
  for (const table of tables) {
    const cols = table.columns
      .map((column, i) => ({ column, i, have: new Set(words(`${column.period ?? ''} ${column.label}`)) }))
      .filter(({ have }) => want.every((w) => have.has(w)))
    if (!cols.length) continue
    for (const row of table.rows) {
      const label = new Set(words(row.label))
      if (!item.every((w) => label.has(w))) continue
      const score = item.length / label.size + (label.has('total') ? 0.01 : 0)
      for (const { column, i } of cols) {
        const cell = row.cells[i]
        if (!cell || cell.value === null) continue
        if (!best || score > best.score) best = { table, row, column, cell, score }
        break
      }
    }
  }
  if (!best) return null
  const { score: _score, ...match } = best
  return match
}
