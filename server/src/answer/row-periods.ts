/**
 * Which table columns report the period a figure question asks about: a year by its fiscal name,
 * its end month or its calendar coverage, a quarter by its three months, and "the six months ended
 * June 30, 2016" by its length and end. Pure.
 */

import { isYear } from '@asks1/shared/contract/calendar'
import { type PeriodSpan, periodSpan, type Table } from '@asks1/shared/contract/tables'
import { findPeriods, quarterWording } from '@asks1/shared/retrieval/query'
import type { QuestionAnalysis } from './question'

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

/**
 * The month a table's fiscal year ends in: its year-long columns', else December (a quarterly
 * table printed alone names no fiscal year; most filers' years are calendar years).
 */
function fiscalYearEnd(table: Table): number {
  for (const c of table.columns) {
    const span = c.period ? periodSpan(c.period) : null
    if (span?.months === 12 && span.endMonth !== null) return span.endMonth
  }
  return 12
}

/**
 * Whether a column is the asked quarter of the asked year: named so ("fourth quarter", "Q4"), or
 * three months ending where that quarter of the table's fiscal year ends ("Three months ended Dec.
 * 31, 2013" is the fourth quarter of a calendar year, not every quarter of 2013).
 */
function quarterColumn(name: string, quarter: number, years: readonly string[], fyEnd: number): boolean {
  const span = periodSpan(name)
  if (!span) return false
  if (span.months === 3 && span.endMonth !== null && /\bmonths\b/i.test(name)) {
    const end = ((fyEnd - 1 + 3 * quarter) % 12) + 1
    // A quarter ending after the fiscal year's month falls in the calendar year before the fiscal year.
    const year = span.endYear + (end > fyEnd ? 1 : 0)
    return span.endMonth === end && years.includes(String(year))
  }
  return years.some((y) => new RegExp(`\\b${y}\\b`).test(name)) && quarterWording(quarter).test(name)
}

/**
 * A period of N months asked ("the six months ended June 30, 2016"): the column of that length
 * ending in that year, and in that month when the question names it.
 */
interface AskedSpan {
  months: number
  year: number
  endMonth: number | null
}
const askedSpans = (q: QuestionAnalysis): AskedSpan[] =>
  findPeriods(q.text)
    .filter((p) => p.kind === 'months-ended' && p.year !== null && p.months)
    .map((p) => ({ months: p.months as number, year: p.year as number, endMonth: p.endMonth ?? null }))

/** The columns of a table that report the asked period, with their period names, in column order. */
export function askedColumns(q: QuestionAnalysis, table: Table): { i: number; name: string }[] {
  const quarter = q.periods.find((p) => /^q[1-4]$/.test(p))
  const spans = askedSpans(q)
  const asked = askedYears(q)
  const years = q.periods.filter(isYear)
  const fyEnd = quarter ? fiscalYearEnd(table) : 12
  // Only columns with a period: "2010 to 2011 % Change" names years but reports no period.
  return table.columns
    .map((c, i) => ({ i, name: c.period ?? '' }))
    .filter((c) => {
      if (!c.name) return false
      if (quarter) return quarterColumn(c.name, Number(quarter.slice(1)), years, fyEnd)
      const span = periodSpan(c.name)
      if (!span) return false
      if (spans.length > 0)
        return spans.some(
          (a) =>
            span.months === a.months &&
            span.endYear === a.year &&
            (a.endMonth === null || span.endMonth === a.endMonth),
        )
      // A year asked is a whole year (or a date in it): not a quarter, six or nine months of it.
      return yearColumn(span, asked)
    })
}

/** A date column's end as one comparable number (year × 12 + month), null for other columns. */
export function dateOf(name: string): number | null {
  const span = periodSpan(name)
  if (span?.months !== 0 || span.endMonth === null) return null
  return span.endYear * 12 + span.endMonth
}

/**
 * For a balance-sheet line item asked with no period ("What are its total assets?"): the table's
 * latest date column. A balance sheet states a position at a date (Regulation S-X Rule 5-02; ASC
 * 210), and the latest one the filing prints is what the filer has now; a pro forma column beside
 * it repeats that date and comes after it, so the first of the date is the actual one.
 */
export function latestDateColumns(table: Table): { i: number; name: string }[] {
  const dated = table.columns
    .map((c, i) => ({ i, name: c.period ?? '', at: dateOf(c.period ?? '') }))
    .filter((c): c is { i: number; name: string; at: number } => c.at !== null)
  const latest = Math.max(...dated.map((c) => c.at))
  return dated.filter((c) => c.at === latest).map(({ i, name }) => ({ i, name }))
}
