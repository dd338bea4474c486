/**
 * Gold facts for FinanceBench, derived mechanically. Its answers are free text written by analysts
 * and are often a ratio the filing never prints ("CAPEX/Revenue Ratio: 5.1%"), so the answer as a
 * whole cannot be looked for in a reply. What can: the figures of the answer the evidence itself
 * prints. The rule, one line: a figure of `answer` is a gold fact when the question's own evidence
 * (`evidence_text` or `evidence_text_full_page`) prints a figure that states it, by the figures
 * module's rules (its rounding, and the units the page declares: "$3,017 million" is the cell
 * "3,017" of a page "(Dollars in millions)"). Two refinements, both about what a figure is:
 * - a percentage and a bare number state each other only when the number prints decimals: the
 *   figures module lets a bare number with the same digits state a percentage, for tables that
 *   print "%" once per column (3M's "(0.9)" under "1.0 %"); a bare integer is too common on a 10-K
 *   page for that (any "20" would state "20%");
 * - a bare integer of the answer (no $, %, separator, decimals or scale word) is no fact: in these
 *   answers it is a list marker "(1)" or a name "737", not an amount.
 * The fact is kept as the evidence prints it ("3,017", "(1.7)%"), like the S-1 sets' gold facts
 * (copied from the page text): a reply quoting the page states it literally, a written one
 * ("$3.0 billion") through `factFound`'s units and rounding. A bare number standing for a
 * percentage keeps the answer's wording ("0.9%"), which says what the number is.
 * A question none of whose figures is printed has no gold facts: it is scored for citations and
 * refusal only. Pure: no I/O.
 */
import { type Figure, parseFigures, printedAs } from '@asks1/shared/contract/figures'

/** What the derivation reads of a FinanceBench record. */
export interface FactSource {
  doc_name: string
  answer?: string
  evidence: { doc_name?: string; evidence_text?: string; evidence_text_full_page?: string }[]
}

/** A bare integer: "(1)", "737", "-3"; a count or a label rather than an amount. */
const isBareInteger = (f: Figure) => f.kind === 'number' && !f.scaled && /^[-(]?\d+\)?$/.test(f.text)

/**
 * How `text` prints a figure that states `quote` (its first such figure, as printed), or null.
 * Across percentage and bare number only when the number prints decimals.
 */
export function printedForm(text: string, quote: Figure): string | null {
  for (const p of printedAs(quote, text)) {
    if ((p.kind === 'percent') === (quote.kind === 'percent')) return p.text
    const bare = p.kind === 'percent' ? quote : p
    if (bare.text.includes('.')) return quote.text
  }
  return null
}

/**
 * The figures of a record's answer that its own evidence prints, each as first printed there
 * ("3,017" for the answer's "$3,017 million"), once each, in answer order.
 */
export function financeBenchFacts(record: FactSource): string[] {
  const texts = record.evidence
    .filter((e) => e.doc_name === undefined || e.doc_name === record.doc_name)
    .flatMap((e) => [e.evidence_text, e.evidence_text_full_page])
    .filter((t): t is string => typeof t === 'string' && t.length > 0)
  const facts: string[] = []
  for (const f of parseFigures(record.answer ?? '')) {
    if (isBareInteger(f)) continue
    const printed = texts.map((t) => printedForm(t, f)).find((x) => x !== null)
    if (printed && !facts.includes(printed)) facts.push(printed)
  }
  return facts
}
