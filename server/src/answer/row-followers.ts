/**
 * Which sentences may follow a table-row answer. A row printing the very line item the question
 * asks for (a Regulation S-X caption: "Net loss", "Cash and cash equivalents", "Total assets"),
 * at the asked period, is the answer; a sentence after it adds to it only when it states the
 * same figure (the summary's or MD&A's "we had a net loss of $49.3 million"). The others match the
 * caption's words about something else: a risk factor's "we may not be able to achieve
 * profitability", a credit facility's covenant to keep "a cash and cash equivalents balance of
 * $10.0 million", another period's table. Pure.
 */
import { type Figure, figureStates, parseFigures } from '@asks1/shared/contract/figures'
import { quotedText, type RankedUnit } from './rank'
import type { RowAnswer } from './table-rows'

/** Whether a quote states one of the row's figures (after units and rounding). */
function restates(u: RankedUnit, figures: readonly Figure[]): boolean {
  const quoted = parseFigures(quotedText(u))
  return quoted.some((q) => figures.some((f) => figureStates(f, q)))
}

/** The quotes that may follow the rows: all of them, unless the first row settles the question. */
export function afterRows(rows: readonly RowAnswer[], quotes: readonly RankedUnit[]): RankedUnit[] {
  const first = rows[0]
  if (!first?.settles) return [...quotes]
  return quotes.filter((u) => restates(u, first.figures))
}
