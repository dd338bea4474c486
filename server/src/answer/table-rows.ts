/**
 * A figure question answered from a table first: the row whose label best matches the question and
 * the column for the asked period ("Revenue, Year ended December 31, 2015: $166,919 thousand
 * [p.F-4]"). Pure: the tables of the retrieved pages are passed in.
 */
import { cellText, columnName, type Table } from '@asks1/shared/contract/tables'
import type { QuestionAnalysis } from './question'
import type { EvidenceModel } from './rank'

export interface RowAnswer {
  text: string
  page: string
  evidence: number
}

/** Least evidence for a row label to stand for the question's line item (calibrated with the quotes'). */
export const MIN_ROW_EVIDENCE = 0.5

const QUARTER_NAMES = ['first', 'second', 'third', 'fourth']

/** A row label without its dot leaders and a stray currency sign ("United States ....... $"). */
const cleanLabel = (label: string) =>
  label
    .replace(/\s*(?:\.\s*){3,}.*$/, '')
    .replace(/\s*\$\s*$/, '')
    .trim()

/** Whether a column reports the asked period: the year, and the quarter when one is asked. */
function columnFor(name: string, q: QuestionAnalysis): boolean {
  const years = q.periods.filter((p) => /^\d{4}$/.test(p))
  if (!years.some((y) => new RegExp(`\\b${y}\\b`).test(name))) return false
  const quarter = q.periods.find((p) => /^q[1-4]$/.test(p))
  if (!quarter) return !/\bthree months\b|\bquarter\b/i.test(name)
  const n = Number(quarter.slice(1))
  return new RegExp(`\\b${QUARTER_NAMES[n - 1]} quarter\\b|\\bQ${n}\\b|\\bthree months\\b`, 'i').test(name)
}

/** The best row and period cell for a figure question, or null when no row and column fit. */
export function rowAnswer(
  q: QuestionAnalysis,
  tables: readonly Table[],
  model: EvidenceModel,
): RowAnswer | null {
  if (!['amount', 'percentage', 'count'].includes(q.answerType)) return null
  if (!q.periods.some((p) => /^\d{4}$/.test(p))) return null
  let best: RowAnswer | null = null
  for (const t of tables) {
    const cols = t.columns.map((c, i) => ({ i, name: columnName(c) })).filter((c) => columnFor(c.name, q))
    if (cols.length === 0) continue
    for (const r of t.rows) {
      const evidence = model.measure(r.label).evidence
      if (evidence < MIN_ROW_EVIDENCE || (best && evidence <= best.evidence)) continue
      const col = cols.find((c) => r.cells[c.i]?.value != null)
      const cell = col ? r.cells[col.i] : undefined
      if (!col || !cell) continue
      best = { text: `${cleanLabel(r.label)}, ${col.name}: ${cellText(cell)}`, page: r.page, evidence }
    }
  }
  return best
}
