/**
 * A figure question answered from a table first: the row that names the question's line item and
 * the column for the asked period ("Revenue, Year ended December 31, 2011: $3,711 million
 * [p.F-4]"), cited on the row's own printed page; the parts of that line item the question names
 * instead of their total, and a second row for a second line item. Line items are data
 * (financial-terms.ts, read by line-items.ts); periods are matched in row-periods.ts. Pure: the
 * tables of the retrieved pages are passed in, in retrieval order.
 */

import { isYear } from '@asks1/shared/contract/calendar'
import type { Table } from '@asks1/shared/contract/tables'
import { LINE_ITEMS } from '@asks1/shared/retrieval/financial-terms'
import {
  labelCover,
  lineItemNameWords,
  lineItemOf,
  lineItemWords,
  namedLineItems,
} from '@asks1/shared/retrieval/line-items'
import { expansions, findPeriods } from '@asks1/shared/retrieval/query'
import { FIGURE_ANSWERS } from '@asks1/shared/retrieval/rows'
import { everydayZipf } from './everyday'
import { EVERYDAY_ZIPF, type EvidenceModel } from './evidence-model'
import type { QuestionAnalysis } from './question'
import {
  type Candidate,
  candidates,
  cleanLabel,
  type Matcher,
  type RowAnswer,
  rowMatch,
} from './row-candidates'
import { dateOf, latestDateColumns } from './row-periods'
import { asksFigure, subjectTerms } from './select'
import { stemsOf } from './stems'

export type { RowAnswer } from './row-candidates'

/**
 * Most rows one answer gives: a question may name two line items ("revenue and net loss", "split
 * between advertising services and data licensing"); a third row would push out the quotes.
 */
export const MAX_ROWS = 2

/**
 * The terms a question names a line item by: the words it prints and their derivations (`printed`),
 * and those with WordNet's synonyms of its words (`naming`: "buying" → "purchase").
 */
function namingTerms(q: QuestionAnalysis): { printed: Set<string>; naming: Set<string> } {
  const { derived, synonyms } = expansions(q)
  const printed = new Set([...q.terms, ...derived])
  return { printed, naming: new Set([...printed, ...synonyms]) }
}

/**
 * The rows of a named line item's own table that the question names in full beside it: the parts
 * it asks about ("how did 2013 revenue split between advertising services and data licensing",
 * "how much of revenue came from the United States versus international customers"), not the
 * total. A part is no line item of its own and names a word beside the item's ("Other assets" is
 * no part of "total assets": "assets" is the total's own word).
 */
function partsOf(item: Candidate, q: QuestionAnalysis, model: EvidenceModel): Candidate[] {
  const terms = new Set(q.terms)
  const own = new Set(lineItemWords(item.label))
  const part: Matcher = (label) => {
    const words = lineItemWords(label)
    if (words.length === 0 || labelCover(words, terms) < 1 || lineItemOf(label) !== null) return null
    if (words.every((w) => own.has(w))) return null
    // In the order the table prints them (the sort is stable).
    return { score: 0, evidence: model.measure(label).evidence, named: words, item: null }
  }
  // A statement prints a line item's parts above their total.
  const at = item.table.rows.findIndex((r) => cleanLabel(r.label) === item.label)
  const above = { ...item.table, rows: item.table.rows.slice(0, Math.max(0, at)) }
  return candidates(q, [above], part)
}

/**
 * The rows that answer a figure question from a table, best first. When a named line item's table
 * has rows the question names as its parts, those (`partsOf`); else the best row, then up to MAX_ROWS − 1
 * more that each name something of the question no row before names (the second line item of
 * "revenue and net loss"). Empty when no row and column fit. For a question asking a figure by
 * its form, or naming a year and no other kind of answer ("What was X in 2011?", `asksFigure`),
 * with a year asked.
 */
export function rowAnswers(
  q: QuestionAnalysis,
  allTables: readonly Table[],
  model: EvidenceModel,
): RowAnswer[] {
  const tables = allTables.filter((t) => printsNames(t, q))
  const items = namedLineItems(namingTerms(q).naming)
  if (q.periods.length === 0) return positionRows(q, tables, items)
  // A yes/no question asking of a line item and a year ("Did it make a profit in 2011?") is answered
  // by the row too: its figure for the year says yes or no.
  const figure =
    FIGURE_ANSWERS.has(q.answerType) ||
    (q.answerType === 'other' && asksFigure(q)) ||
    (q.answerType === 'yesno' && asksItems(q, items))
  if (!figure || !q.periods.some(isYear)) return []
  const periodWords = findPeriods(q.text)
    .map((p) => p.text)
    .join(' ')
  const labelShare = Math.max(0.1, 1 - (periodWords ? model.measure(periodWords).evidence : 0))
  const all = candidates(q, tables, rowMatch(q, new Set(q.terms), items, model, labelShare))
  // The parts of the first named line item whose table prints any (the statement may come first,
  // the note breaking the item down after it).
  let parts: Candidate[] = []
  for (const c of all) if (c.item !== null && parts.length === 0) parts = partsOf(c, q, model)
  // What the question's own words name: a part of a two-part question also holds the subject it
  // borrows ("…revenue in 2011, and how much net income did it make?"), whose row the other part
  // gives; a second row answers only something this part's own words ask.
  const own = new Set(stemsOf(q.text))
  const ownTerms = namingTerms({ ...q, terms: q.terms.filter((t) => own.has(t)) })
  const ownItems = namedLineItems(ownTerms.naming)
  const asks = (w: string) => (w.startsWith('item:') ? ownItems.has(w.slice(5)) : own.has(w))
  const printedItems = namedLineItems(ownTerms.printed)
  const picked: Candidate[] = []
  for (const c of parts.length > 0 ? parts : all) {
    if (picked.length >= MAX_ROWS) break
    const before = new Set(picked.flatMap((p) => p.named))
    if (picked.length > 0 && !c.named.some((w) => !before.has(w) && asks(w))) continue
    // A second row's line item is one the question's printed words name, not one a WordNet synonym
    // of them does: "benefit" is also "profit" (WordNet), which names net income, so "unrecognized
    // tax benefits" drew Facebook's net income row from its selected data (p.40) as a second row.
    // The first row may still be found by a synonym (the question has no other way to name it).
    if (picked.length > 0 && c.item !== null && !printedItems.has(c.item)) continue
    picked.push(c)
  }
  return picked.map((c) => answerOf(c, c.item !== null && asksItems(q, new Set([c.item]))))
}

const answerOf = (c: Candidate, settles: boolean): RowAnswer => ({
  text: c.text,
  page: c.page,
  evidence: c.evidence,
  settles,
  figures: c.figures,
})

/**
 * Whether a table prints what the question names (the last word of each name, as a passage must,
 * rank.ts `namesHeld`) in its caption, column headers or row labels. A name qualifies the line item:
 * "revenue from customers in Texas" is not the total revenue row of a table that breaks revenue down
 * by no state, so a row of such a table answers a question the filing does not.
 */
function printsNames(t: Table, q: QuestionAnalysis): boolean {
  if (q.nameHeads.length === 0) return true
  const printed = [t.title ?? '', ...t.columns.map((c) => c.label), ...t.rows.map((r) => r.label)].join(' ')
  const stems = new Set(stemsOf(printed))
  return q.nameHeads.every((h) => stems.has(h))
}

/** The balance-sheet line items (Regulation S-X Rule 5-02 captions, financial-terms.ts): positions at a date. */
const POSITIONS = new Set(LINE_ITEMS.filter((i) => i.statement === 'balance-sheet').map((i) => i.element))

/**
 * The share of the question's terms the named line items' words must exceed for the question to
 * ask for the line item itself, a reader's everyday words aside ("make" in "Did it make a
 * profit?"): "How much cash does it have?" (all of them) or "How much cash and cash equivalents did
 * it hold?" (two of three), not "What will it do with the IPO cash?" (one of two) or "Are there
 * product categories that represent more than 20% of revenue?", which name a line item in asking
 * about something else.
 */
const ITEM_SHARE = 0.5

function asksItems(q: QuestionAnalysis, items: ReadonlySet<string>): boolean {
  const words = new Set([...items].flatMap((i) => [...lineItemNameWords(i)]))
  const terms = subjectTerms(q).filter((t) => !t.includes(' ') && everydayZipf(t) < EVERYDAY_ZIPF)
  return terms.length > 0 && terms.filter((t) => words.has(t)).length > ITEM_SHARE * terms.length
}

/**
 * A question naming a balance-sheet line item and no period ("How much cash does it have?", "What
 * are its total assets?") asks for the position now: the row printing that line item, at the latest
 * date any retrieved table prints it (`latestDateColumns`); one row, the best of that date. Empty
 * when the question names none, or no table prints one at a date. Only a question asking an
 * amount, or no other kind of answer: a count, a percentage or a yes/no asks no position.
 */
function positionRows(
  q: QuestionAnalysis,
  tables: readonly Table[],
  items: ReadonlySet<string>,
): RowAnswer[] {
  const asked = new Set([...items].filter((i) => POSITIONS.has(i)))
  if (asked.size === 0 || (q.answerType !== 'amount' && q.answerType !== 'other')) return []
  if (!asksItems(q, asked)) return []
  const printed: Matcher = (label) => {
    const item = lineItemOf(label)
    if (item === null || !asked.has(item)) return null
    // Of two rows printing it, the plainer label ("Total assets" over "Total assets measured at fair value").
    return { score: 1 / lineItemWords(label).length, evidence: 1, named: [`item:${item}`], item }
  }
  // Each table's latest date columns, read once: the rows are read in them and ranked by their date.
  const dated = new Map(tables.map((t) => [t, latestDateColumns(t)] as const))
  const all = candidates(q, tables, printed, (_, t) => dated.get(t) ?? [])
  // The columns of one table share its latest date, so the first one's is the table's.
  const at = (c: Candidate) => dateOf(dated.get(c.table)?.[0]?.name ?? '') ?? 0
  const latest = Math.max(...all.map(at))
  const best = all.find((c) => at(c) === latest)
  // The question asks for the line item itself (`asksItems` above).
  return best ? [answerOf(best, true)] : []
}

/** The best row and period cell for a figure question, or null when no row and column fit. */
export function rowAnswer(
  q: QuestionAnalysis,
  tables: readonly Table[],
  model: EvidenceModel,
): RowAnswer | null {
  return rowAnswers(q, tables, model)[0] ?? null
}
