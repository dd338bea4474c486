/**
 * The rows of a table that answer a figure question, read for the answer in table-rows.ts: each
 * row whose label names the question's line item (or shares most of its words with the question),
 * with its cells in the asked period's columns, best first; a row of the statement that reports
 * the line item ahead of another statement's restatement of it. Pure.
 */
import type { Figure } from '@asks1/shared/contract/figures'
import { cellFigure, cellText, moneyCells, type Table, type TableCell } from '@asks1/shared/contract/tables'
import { LINE_ITEMS, type StatementId } from '@asks1/shared/retrieval/financial-terms'
import { labelCover, lineItemOf, lineItemWords, MIN_LABEL_COVER } from '@asks1/shared/retrieval/line-items'
import type { AnswerType } from '@asks1/shared/retrieval/query'
import { FIGURE_ANSWERS } from '@asks1/shared/retrieval/rows'
import { statementsPrinted } from '@asks1/shared/retrieval/statements'
import type { EvidenceModel } from './evidence-model'
import type { QuestionAnalysis } from './question'
import { askedColumns } from './row-periods'

export interface RowAnswer {
  text: string
  page: string
  evidence: number
  /**
   * The row prints the line item the question asks for itself (its caption's words are most of
   * the question's subject, `asksItems`): the row is the answer, and a sentence says no more of it
   * unless it restates the row's figure (row-followers.ts).
   */
  settles: boolean
  /** The figures of the row's asked period cells, as the answer states them. */
  figures: Figure[]
}

/**
 * Least evidence (the IDF-weighted share of the question's terms, rank.ts) a row label must carry;
 * the least share of the label's own line-item words the question must name is MIN_LABEL_COVER
 * (line-items.ts). Set on the tuning sets (facebook, pandora) from 0.2/0.35/0.5 × 0.5/1, see
 * docs/answers.md.
 */
export const MIN_ROW_EVIDENCE = 0.35

/** A row label without its dot leaders and a stray currency sign ("United States ....... $"). */
export const cleanLabel = (label: string) =>
  label
    .replace(/\s*(?:\.\s*){3,}.*$/, '')
    .replace(/\s*\$\s*$/, '')
    .trim()

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

/** How a row's label answers the question. */
export interface Match {
  score: number
  evidence: number
  /** The question's terms the label names, and `item:<element>` for the named line item it prints. */
  named: string[]
  /** The line item the question names that the row prints, if any. */
  item: string | null
}

/** A row that answers, with its asked period cells. */
export interface Candidate extends Omit<RowAnswer, 'settles'>, Match {
  label: string
  table: Table
}

export type Matcher = (label: string) => Match | null

/**
 * How a row's label answers the question: by printing a line item the question names
 * (`namedLineItems`: "lose" names the net loss, "cash flow … operations" the operating cash flow),
 * or, for a question asking a figure by its form, by sharing at least MIN_LABEL_COVER of its words
 * with the question while carrying MIN_ROW_EVIDENCE of the question's terms. Null when neither.
 */
export const rowMatch =
  (
    q: QuestionAnalysis,
    terms: ReadonlySet<string>,
    items: ReadonlySet<string>,
    model: EvidenceModel,
    labelShare = 1,
  ): Matcher =>
  (label) => {
    const words = lineItemWords(label)
    if (words.length === 0) return null
    // The share of the question's evidence its row label can hold: the words naming the period
    // ("the nine months ended October 31, 2010") are the column's, not the label's.
    const evidence = Math.min(1, model.measure(label).evidence / labelShare)
    const cover = labelCover(words, terms)
    const generic =
      FIGURE_ANSWERS.has(q.answerType) && cover >= MIN_LABEL_COVER && evidence >= MIN_ROW_EVIDENCE
    const printed = lineItemOf(label)
    const item = printed !== null && items.has(printed) ? printed : null
    if (!generic && !item) return null
    // A row printing a named line item ranks as one the question names in full; of two rows
    // printing it, the plainer label wins a tie ("Net loss" over "Net loss attributable to common
    // stockholders": a tenth at most, less than any difference of evidence that matters).
    const score = Math.max(generic ? cover + evidence : 0, item ? 1 + evidence + 0.1 / words.length : 0)
    const named = [...words.filter((w) => terms.has(w)), ...(item ? [`item:${item}`] : [])]
    return { score, evidence, named, item }
  }

/** Each line item's statement (financial-terms.ts). */
const STATEMENT_OF = new Map(LINE_ITEMS.map((i) => [i.element, i.statement]))
/** What a row of the line item's own statement adds: more than any difference of evidence between two rows of it. */
const HOME_WEIGHT = 1

/** The columns of a table a row is read in: the asked period's, or (`latestDateColumns`) the latest date's. */
export type Columns = (q: QuestionAnalysis, table: Table) => { i: number; name: string }[]

/** Every row (by `match`) and its asked period cells, best first. */
export function candidates(
  q: QuestionAnalysis,
  tables: readonly Table[],
  match: Matcher,
  columns: Columns = askedColumns,
): Candidate[] {
  const type: AnswerType = FIGURE_ANSWERS.has(q.answerType) ? q.answerType : 'amount'
  const out: Candidate[] = []
  for (const t of tables) {
    const cols = columns(q, t)
    if (cols.length === 0) continue
    const money = moneyCells(t)
    const statements = t.title ? statementsPrinted(t.title) : null
    for (const [ri, r] of t.rows.entries()) {
      const label = cleanLabel(r.label)
      const found = match(label)
      if (!found) continue
      // The statement that reports the line item (its S-X home: cash and cash equivalents on the
      // balance sheet, Rule 5-02.1) states it first; another statement's row restates it for its
      // own purpose ("Cash and cash equivalents at end of period" closing the cash flows).
      const home = found.item !== null && statements?.has(STATEMENT_OF.get(found.item) as StatementId)
      const m = home ? { ...found, score: found.score + HOME_WEIGHT } : found
      // Every asked period the row states ("total assets at the end of 2010 and 2011"), in column order.
      // One column per period: a "Pro forma" column beside "Actual" repeats the period.
      const isMoney = (i: number) => money[ri]?.[i] ?? false
      const fit = cols.filter(
        (c, k) =>
          r.cells[c.i] &&
          cellFits(r.cells[c.i] as TableCell, type, isMoney(c.i)) &&
          !cols.slice(0, k).some((o) => o.name === c.name && r.cells[o.i]?.value != null),
      )
      if (fit.length === 0) continue
      const cells = fit.map((c) => `${c.name}: ${cellText(r.cells[c.i] as TableCell, isMoney(c.i))}`)
      const figures = fit.flatMap((c) => cellFigure(r.cells[c.i] as TableCell, isMoney(c.i)) ?? [])
      out.push({ ...m, text: `${label}, ${cells.join('; ')}`, page: r.page, label, table: t, figures })
    }
  }
  // Stable: of equal rows, the earlier table's (better-retrieved pages come first).
  return out.sort((a, b) => b.score - a.score)
}
