/**
 * "Who is the largest shareholder?", "Which underwriter takes the most shares?": the row of a list
 * (name-lists.ts) holding the highest (or lowest) figure of the table's column of figures, with
 * ties said as ties, or, where the filing leaves the figures blank (a preliminary prospectus's
 * underwriting table, Rule 430A), that it does not say, and the rows it names. Pure.
 */
import { pageTag } from '@asks1/shared/contract/citations'
import type { TableRow } from '@asks1/shared/contract/tables'
import { PRONOUN } from './compound'
import type { ListAnswer, ListRow } from './list-answer'
import type { QuestionAnalysis } from './question'

/**
 * The column the rows are compared by: the one most rows print a figure in (an Item 403 table's
 * shares beneficially owned, which its percentages follow; the syndicate's shares; in a table of
 * two classes, the class most holders own), the first on a tie. Null when no row prints one.
 */
export function rankingColumn(rows: readonly ListRow[], width: number): number | null {
  let best: number | null = null
  let most = 0
  for (let i = 0; i < width; i++) {
    const n = rows.filter((r) => typeof r.values?.[i] === 'number').length
    if (n > most) {
      most = n
      best = i
    }
  }
  return best
}

/** A cell's figure: a positive number (a footnote marker "(4)" reads as −4, a dash or "*" as none). */
export const figureOf = (v: number | null | undefined): number | null =>
  v !== null && v !== undefined && v > 0 ? v : null

/** A row's figures placed in a table of `width` columns from column `at` on. */
export function placed(r: TableRow, at: number, width: number): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: width }, () => null)
  r.cells.forEach((c, j) => {
    if (at + j < width) out[at + j] = figureOf(c.value)
  })
  return out
}

/** What a column's figures are, over the rows given: none, at most 100 (a percentage), or larger (a count). */
function columnKind(rows: readonly TableRow[], col: number): 'none' | 'small' | 'large' {
  const values = rows.map((r) => figureOf(r.cells[col]?.value)).filter((v): v is number => v !== null)
  if (values.length === 0) return 'none'
  return Math.max(...values) > 100 ? 'large' : 'small'
}

/**
 * Where a continued table's columns sit among the first table's: the one offset at which every
 * column of figures is of the same kind as the first table's (shares beside shares, percentages
 * beside percentages; a column either prints no figure in goes with any). The same width is offset
 * 0. Null when no offset, or more than one, fits: the rows are then not compared.
 */
export function columnOffset(
  first: readonly TableRow[],
  width: number,
  more: readonly TableRow[],
  moreWidth: number,
): number | null {
  if (moreWidth === width) return 0
  if (moreWidth > width) return null
  const fits: number[] = []
  for (let k = 0; k + moreWidth <= width; k++) {
    const ok = Array.from({ length: moreWidth }, (_, j) => j).every((j) => {
      const a = columnKind(first, k + j)
      const b = columnKind(more, j)
      return a === 'none' || b === 'none' || a === b
    })
    if (ok) fits.push(k)
  }
  return fits.length === 1 ? (fits[0] as number) : null
}

/** The rows holding the extreme figure of the column (more than one when they tie), in table order. */
export function extremeRows(rows: readonly ListRow[], col: number, extreme: 'most' | 'least'): ListRow[] {
  const ranked = rankedRows(rows, col, extreme)
  const target = ranked[0]?.values?.[col]
  return ranked.filter((r) => r.values?.[col] === target)
}

/**
 * The line counting the rows not quoted, citing the pages they are printed on ("on this page" when
 * that is the last quoted row's page; a table continued over a page break cites each page).
 */
export function moreLine(a: ListAnswer): string[] {
  const last = a.rows.at(-1)
  if (a.more === 0 || !last) return []
  const pages = [...new Set(a.all.slice(a.rows.length).map((r) => r.page))]
  const here = pages.length === 1 && pages[0] === last.page
  return [
    `  - … and ${a.more} more names in the table${here ? ' on this page' : ''} ${pages.map(pageTag).join(' ')}`,
  ]
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`

/** A row as quoted: its name, the cells beside it, its printed page. */
const rowLine = (a: ListAnswer, r: ListRow) =>
  `  - ${r.name}${r.cells.length ? ` — ${r.cells.join(a.columns ? ', ' : '; ')}` : ''} ${pageTag(r.page)}`

/**
 * The answer lines of a list asked for its extreme: a lead naming the list, the table's heading and
 * the column compared, then the row (or the tied rows), each citing its printed page. Without a
 * figure to compare, a lead saying so, then the rows the table names.
 */
export function extremeLines(a: ListAnswer, extreme: 'most' | 'least'): string[] {
  const col = rankingColumn(a.all, a.columnNames.length)
  const where = `the table under “${a.heading}”`
  if (col === null) {
    const first = a.rows[0]?.page
    const lead = `- ${capital(where)} prints no figures beside ${a.list.what} (a preliminary prospectus leaves them blank until the offering is priced), so the filing does not say which holds the ${extreme}; it names${first ? ` ${pageTag(first)}` : ''}:`
    return [lead, ...a.rows.map((r) => rowLine(a, r)), ...moreLine(a)]
  }
  const column = a.columnNames[col] ?? ''
  // The lead prints no number of its own (rows compared, rows tied): the check reads every figure
  // beside a citation as the filing's, and a count the server made is printed on no page.
  if (a.ranked) {
    const order = rankedRows(a.all, col, extreme).slice(0, a.ranked === 'all' ? MAX_RANKED : a.ranked)
    const lead = `- Of ${a.list.what} in ${where}, ${order.length > 1 ? 'those' : 'the one'} with the ${extreme} by “${column}”, in order ${pageTag((order[0] as ListRow).page)}:`
    return [lead, ...order.map((r) => rowLine(a, r))]
  }
  const top = extremeRows(a.all, col, extreme)
  const tie = top.length > 1 ? `rows tie for the ${extreme}` : `the ${extreme}`
  const lead = `- Of ${a.list.what} in ${where}, ${tie} by “${column}” ${pageTag((top[0] as ListRow).page)}:`
  return [lead, ...top.map((r) => rowLine(a, r))]
}

/** Most rows a ranked answer quotes when the question gives no count ("the largest shareholders"). */
const MAX_RANKED = 5

/** The rows printing a figure in the column, the extreme first (the table's order among equals). */
export function rankedRows(rows: readonly ListRow[], col: number, extreme: 'most' | 'least'): ListRow[] {
  const valued = rows.filter((r) => typeof r.values?.[col] === 'number')
  const sign = extreme === 'most' ? -1 : 1
  return valued
    .map((r, i) => ({ r, i }))
    .sort((x, y) => sign * ((x.r.values?.[col] as number) - (y.r.values?.[col] as number)) || x.i - y.i)
    .map(({ r }) => r)
}

/** "How" + an adjective or determiner of size or quantity: a degree question asking how large. */
const SIZE_FRAME = /\bhow\s+(?:large|big|much|many)\b/i

/**
 * A later part of a compound question answered by the first part's extreme row: its pronoun
 * stands for the party the row names ("Which investor owns the biggest stake, and how large is
 * it?"), and a question of its size or share is answered by the figures the row prints, not by
 * passages about other holders. Null when the part asks something else of it.
 */
export function rowOfAnaphor(a: ListAnswer | null | undefined, q: QuestionAnalysis): string[] | null {
  if (!a?.extreme || !PRONOUN.test(q.text)) return null
  if (!SIZE_FRAME.test(q.text) && !['amount', 'percentage', 'count'].includes(q.answerType)) return null
  const col = rankingColumn(a.all, a.columnNames.length)
  if (col === null) return null
  return extremeRows(a.all, col, a.extreme).map((r) => rowLine(a, r).trimStart())
}
