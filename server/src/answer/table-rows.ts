/**
 * A figure question answered from a table first: the row that names the question's line item and
 * the column for the asked period ("Revenue, Year ended December 31, 2011: $3,711 million
 * [p.F-4]"), cited on the row's own printed page. Pure: the tables of the retrieved pages are passed
 * in, in retrieval order.
 */

import { isYear } from '@asks1/shared/contract/calendar'
import {
  cellFigure,
  cellText,
  moneyCells,
  type PeriodSpan,
  periodSpan,
  type Table,
  type TableCell,
} from '@asks1/shared/contract/tables'
import { labelCover, lineItemWords, MIN_LABEL_COVER } from '@asks1/shared/retrieval/line-items'
import { type AnswerType, findPeriods, quarterWording } from '@asks1/shared/retrieval/query'
import { FIGURE_ANSWERS } from '@asks1/shared/retrieval/rows'
import type { QuestionAnalysis } from './question'
import type { EvidenceModel } from './rank'

export interface RowAnswer {
  text: string
  page: string
  evidence: number
}

/**
 * Least evidence (the IDF-weighted share of the question's terms, rank.ts) a row label must carry;
 * the least share of the label's own line-item words the question must name is MIN_LABEL_COVER
 * (line-items.ts). Set on the tuning sets (facebook, pandora) from 0.2/0.35/0.5 × 0.5/1, see
 * docs/answers.md.
 */
export const MIN_ROW_EVIDENCE = 0.35

/** A row label without its dot leaders and a stray currency sign ("United States ....... $"). */
const cleanLabel = (label: string) =>
  label
    .replace(/\s*(?:\.\s*){3,}.*$/, '')
    .replace(/\s*\$\s*$/, '')
    .trim()

/** A year the question asks about, and how it names it. */
interface AskedYear {
  year: number
  /** "fiscal 2010", "FY2010": the fiscal year of that name. */
  fiscal: boolean
  /** "the year ended January 2010", "through January 2011": the period ending that month. */
  endMonth: number | null
}

/**
 * The years a question asks about (`findPeriods`), each with the way it names it. A part of a
 * two-part question may borrow its year from the first part ("…revenue in 2011, and how much was
 * net income?"): its analysis holds that year though its own text does not, so it is asked as a
 * plain year.
 */
function askedYears(q: QuestionAnalysis): AskedYear[] {
  const own = findPeriods(q.text)
    .filter((p) => p.year !== null && (p.kind === 'year' || p.kind === 'fiscal-year' || p.kind === 'date'))
    .map((p) => ({ year: p.year as number, fiscal: p.kind === 'fiscal-year', endMonth: p.endMonth ?? null }))
  const borrowed = q.periods
    .filter(isYear)
    .map(Number)
    .filter((y) => !own.some((a) => a.year === y))
    .map((year) => ({ year, fiscal: false, endMonth: null }))
  return [...own, ...borrowed]
}

/**
 * Whether a whole-year or point-in-time column reports an asked year. A fiscal year asked is the
 * column of that fiscal name; a period asked by its end month is the column ending then; a plain
 * year is a calendar year: the year-long column covering most of it (Pandora's year ended January
 * 31, 2011 for "in 2010", not its fiscal 2010, which is eleven months of 2009), or a date in it.
 */
function yearColumn(span: PeriodSpan, asked: readonly AskedYear[]): boolean {
  if (span.months !== 0 && span.months !== 12) return false
  return asked.some((a) => {
    if (a.endMonth !== null) return span.endYear === a.year && span.endMonth === a.endMonth
    if (a.fiscal) return (span.months === 12 ? span.fiscalYear : span.endYear) === a.year
    return span.calendarYear === a.year
  })
}

/** Whether a column reports the asked period: the year, and the quarter when one is asked. */
function columnFor(name: string, q: QuestionAnalysis, asked: readonly AskedYear[]): boolean {
  const quarter = q.periods.find((p) => /^q[1-4]$/.test(p))
  // A year asked is a whole year (or a date in it): not a quarter, six or nine months of it.
  if (!quarter) {
    const span = periodSpan(name)
    return span !== null && yearColumn(span, asked)
  }
  const years = q.periods.filter(isYear)
  if (!years.some((y) => new RegExp(`\\b${y}\\b`).test(name))) return false
  return quarterWording(Number(quarter.slice(1))).test(name)
}

/**
 * Whether a cell states the kind of figure asked: a percentage, an amount, a count. `money`: its
 * column is money at this row though the cell prints no "$" (`moneyCells`).
 */
export function cellFits(cell: TableCell, type: AnswerType, money = false): boolean {
  const f = cellFigure(cell, money)
  if (!f) return false
  if (type === 'percentage') return f.kind === 'percent'
  if (type === 'count') return f.kind === 'number'
  return f.kind !== 'percent'
}

/** The best row and period cell for a figure question, or null when no row and column fit. */
export function rowAnswer(
  q: QuestionAnalysis,
  tables: readonly Table[],
  model: EvidenceModel,
): RowAnswer | null {
  if (!FIGURE_ANSWERS.has(q.answerType)) return null
  if (!q.periods.some(isYear)) return null
  const asked = askedYears(q)
  const terms = new Set(q.terms)
  let best: (RowAnswer & { score: number }) | null = null
  for (const t of tables) {
    // Only columns with a period: "2010 to 2011 % Change" names years but reports no period.
    const cols = t.columns
      .map((c, i) => ({ i, name: c.period ?? '' }))
      .filter((c) => c.name && columnFor(c.name, q, asked))
    if (cols.length === 0) continue
    const money = moneyCells(t)
    for (const [ri, r] of t.rows.entries()) {
      const label = cleanLabel(r.label)
      const words = lineItemWords(label)
      if (words.length === 0) continue
      const cover = labelCover(words, terms)
      if (cover < MIN_LABEL_COVER) continue
      const evidence = model.measure(label).evidence
      if (evidence < MIN_ROW_EVIDENCE) continue
      // Earlier tables come from better-retrieved pages: a later one must score strictly higher.
      const score = evidence + cover
      if (best && score <= best.score) continue
      // Every asked period the row states ("total assets at the end of 2010 and 2011"), in column order.
      // One column per period: a "Pro forma" column beside "Actual" repeats the period.
      const isMoney = (i: number) => money[ri]?.[i] ?? false
      const fit = cols.filter(
        (c, k) =>
          r.cells[c.i] &&
          cellFits(r.cells[c.i] as TableCell, q.answerType, isMoney(c.i)) &&
          !cols.slice(0, k).some((o) => o.name === c.name && r.cells[o.i]?.value != null),
      )
      if (fit.length === 0) continue
      const cells = fit.map((c) => `${c.name}: ${cellText(r.cells[c.i] as TableCell, isMoney(c.i))}`)
      best = { text: `${label}, ${cells.join('; ')}`, page: r.page, evidence, score }
    }
  }
  if (!best) return null
  const { score: _score, ...answer } = best
  return answer
}
