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
