/**
 * When table rows take part in a search. A row states one line item's figures by period, so it is
 * evidence only for a question asking for a figure (an amount, a percentage or a count, from the
 * question's grammatical form: query.ts); for any other question a table's label words would lift
 * a statement page above the prose that answers.
 */
import type { AnswerType, QueryAnalysis } from './query'

export const FIGURE_ANSWERS: ReadonlySet<AnswerType> = new Set(['amount', 'percentage', 'count'])

export const asksForFigure = (q: Pick<QueryAnalysis, 'answerType'>): boolean =>
  FIGURE_ANSWERS.has(q.answerType)

/**
 * How many matching rows' host chunks a search lifts: the hosts of the best-ranked rows only. With
 * RRF's c = 60 a list barely tells its ranks apart (1/61 at rank 1, 1/73 at rank 13), so a deep
 * row list gave the host of a row that merely shares a word ("Stock options" for "how much of the
 * stock do insiders control") nearly the lift of the row the question is about, and that lift is
 * worth several keyword ranks. Set on the tuning sets (1 to 5 and all 50; 2 and 3 tie, docs/tables.md).
 */
export const ROW_HOSTS = 3
