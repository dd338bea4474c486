/**
 * What both table readers (PDF geometry, EDGAR markup) share once cells are placed in columns:
 * header lines to period labels, a printed cell to a scaled value, footnote markers off labels.
 */

import { isYear, yearsIn } from '@asks1/shared/contract/calendar'
import {
  isEmptyCell,
  parseFigure,
  parseUnits,
  scaleByUnits,
  type Units,
} from '@asks1/shared/contract/figures'
import type { Table, TableCell } from '@asks1/shared/contract/tables'

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)'
const DURATION_RE =
  /\b((?:fiscal\s+)?years?|(?:three|six|nine|twelve|3|6|9|12)[\s-]+months?|quarters?|(?:thirteen|twenty-six|fifty-two|fifty-three|13|26|39|52|53)[\s-]+weeks?|periods?)\s+ended\b/i
const DATE_RE = new RegExp(`\\b(${MONTH})\\s*(\\d{1,2})?,?`, 'i')

/**
 * The period a column reports, from its header lines top to bottom: "Year Ended / December 31, /
 * 2015" is "Year ended December 31, 2015"; "December 31, / 2023" is "December 31, 2023"; a bare
 * "2015" is "2015". Null when the header names no year (a "% Change" column).
 */
export function resolvePeriod(header: string): string | null {
  const text = header.replace(/\s+/g, ' ').trim()
  const years = yearsIn(text)
  // "2009 to 2010" compares two periods: it is no period itself.
  if (years.length !== 1 || /\bto\b|\bvs\.?\b|change/i.test(text)) return null
  const year = years[0] as string
  const duration = DURATION_RE.exec(text)
  const date = DATE_RE.exec(text)
  const day = date ? `${capitalise(date[1] as string)}${date[2] ? ` ${date[2]},` : ''} ` : ''
  if (duration)
    return `${capitalise((duration[1] as string).toLowerCase().replace(/\s+/g, ' '))} ended ${day}${year}`
  if (date) return `${day}${year}`.trim()
  return year
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Footnote markers printed on a label ("(1)", "*", "†", superscript digits) and dot leaders off it. */
export function cleanLabel(label: string): string {
  return label
    .replace(/\s*(?:\.\s*){3,}(?=\s|$)/g, ' ')
    .replace(/\)\(/g, ') (')
    .replace(/\s*(?:\(\d{1,2}\)|\([a-z]\)|[*†‡§]+|[\u00b9\u00b2\u00b3\u2070-\u2079]+)(?=\s|$|:|\()/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A negative percentage printed "(169%)" is read as "(169)%", the way the figure parser reads it. */
const figureText = (t: string) => t.replace(/^(\$?\s?\(\s?[\d.,]+)\s?%\s?\)$/, '$1)%')

/** A printed cell: its value in the table's units (per-share and excepted rows unscaled). */
export function readCell(text: string, units: Units | null, rowLabel: string): TableCell {
  const t = text.replace(/\s+/g, ' ').trim()
  if (!t || isEmptyCell(t)) return { text: t, value: null }
  const f = parseFigure(figureText(t))
  if (!f) return { text: t, value: null }
  // A row may state its own units ("Listener hours (in billions)"): they win over the table's.
  const own = parseUnits(rowLabel)
  return { text: t, value: scaleByUnits(f, own ?? units, rowLabel).value }
}

/** Whether a cell's text reads as a figure or a printed blank (a dash, "NM"). */
export function isNumericCell(text: string): boolean {
  const t = text.trim()
  return t !== '' && (isEmptyCell(t) || parseFigure(figureText(t)) !== null)
}

/** A cell that is a year on its own ("2024"): a column header or a row's label, not an amount. */
export const isYearCell = (c: { text: string }): boolean => isYear(c.text)

/**
 * A row's cells split at its first figure into label cells and value cells (PDF and HTML alike). A
 * year leading a row of amounts is its label ("2024   $ 3,356" in a maturities table).
 */
export function splitLabelCells<T extends { text: string }>(cells: T[]): { labels: T[]; values: T[] } {
  const firstValue = cells.findIndex((c) => isNumericCell(c.text))
  if (firstValue < 0) return { labels: cells, values: [] }
  const values = cells.slice(firstValue)
  if (
    firstValue === 0 &&
    values.length > 1 &&
    isYearCell(values[0] as T) &&
    !values.slice(1).every(isYearCell)
  )
    return { labels: values.slice(0, 1), values: values.slice(1) }
  return { labels: cells.slice(0, firstValue), values }
}

/** The plain-data table units: the shape the contract stores. */
export function unitsOf(u: Units | null): Table['units'] {
  return u
    ? { label: u.label, scale: u.scale, exceptPerShare: u.exceptPerShare, exceptShares: u.exceptShares }
    : null
}

/** Splits a whole table into one part per printed page its rows sit on (each row keeps its page). */
export function partsByPage(table: Table): Table[] {
  const parts: Table[] = []
  for (const row of table.rows) {
    const last = parts.at(-1)
    if (last && last.page === row.page) last.rows.push(row)
    else parts.push({ ...table, page: row.page, rows: [row], continued: parts.length > 0 || table.continued })
  }
  return parts
}
