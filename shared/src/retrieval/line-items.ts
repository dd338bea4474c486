/**
 * Which line item a text names, read against a table row's label: the figure answers pick the row a
 * question names (server/src/answer/table-rows.ts), and the citation check refuses a figure that a
 * page prints only in another line item's row than the one its sentence names ("revenue was $X
 * [p.F-4]" where $X is the net-loss cell). Words are index stems (terms.ts), so "revenues" names
 * "Revenue" and "operating" names "operations".
 */
import type { Figure } from '../contract/figures'
import { figureStates, parseFigures } from '../contract/figures'
import { LINE_ITEMS } from './financial-terms'
import { keywordTerms } from './terms'

/**
 * Label words that name no line item of their own: "Total revenue" is the revenue line's sum
 * (financial statements print a line item's total under its name, Regulation S-X Art. 5-03).
 */
const SUBTOTAL_WORDS = new Set(keywordTerms('total totals'))

/** The line item's words of a label, as index stems (no compounds, figures or subtotal word). */
export const lineItemWords = (label: string): string[] => [
  ...new Set(keywordTerms(label).filter((t) => !t.includes(' ') && !/\d/.test(t) && !SUBTOTAL_WORDS.has(t))),
]

/**
 * Least share of a label's own line-item words a text must name for the text to be about that row:
 * a question or a sentence is wordier than a label, so the label's side decides. Set on the tuning
 * sets for figure answers (facebook, pandora; docs/answers.md).
 */
export const MIN_LABEL_COVER = 0.5

/** Share of the label's line-item words among `terms` (0 for a label with none). */
export function labelCover(words: readonly string[], terms: ReadonlySet<string>): number {
  return words.length === 0 ? 0 : words.filter((w) => terms.has(w)).length / words.length
}

/**
 * "Other" is a stop word to search, but on a statement it names the residual line item: "Other
 * expense" is not "expense" (Regulation S-X Art. 5-03 lists "other general expenses" apart).
 */
const OTHER_RE = /\bother\b/i
const OTHER = 'other'

/**
 * A caption's words in order, as index stems, without its parenthetical alternates: "Net income
 * (loss)" and "Provision (benefit) for income taxes" print the name of a negative amount beside the
 * line item's own.
 */
const captionStems = (caption: string): string[] =>
  wordStems(caption.replace(/\([^)]*\)/g, ' ')).map((w) => w.stem)

/** A text's words in order, each with the index stem a caption's word is read as, and where it is. */
function wordStems(text: string): { stem: string; from: number; to: number }[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu)].flatMap((m) => {
    const from = m.index ?? 0
    // "Other" is a stop word to search but names the residual line item ("Other assets" are not
    // the total assets).
    const stems = OTHER_RE.test(m[0])
      ? [OTHER]
      : keywordTerms(m[0]).filter((t) => !t.includes(' ') && !/\d/.test(t))
    return stems.map((stem) => ({ stem, from, to: from + m[0].length }))
  })
}

const CAPTIONS = LINE_ITEMS.flatMap((i) =>
  i.labels.map((label) => ({ element: i.element, stems: captionStems(label) })),
).filter((c) => c.stems.length > 0)
/**
 * The names IFRS gives the same line items, which readers use as much as the US-GAAP captions: IAS
 * 1.81A and 1.82 present the bottom line as "profit or loss" ("Did it make a profit?" asks for the
 * net income or loss).
 */
const IFRS_NAMES: readonly { element: string; name: string }[] = [
  { element: 'NetIncomeLoss', name: 'profit' },
]
/** Captions and the words readers ask by: what a question may name a line item with. */
const NAMES = [
  ...CAPTIONS,
  ...LINE_ITEMS.flatMap((i) => (i.asked ?? []).map((a) => ({ element: i.element, stems: captionStems(a) }))),
  ...IFRS_NAMES.map((n) => ({ element: n.element, stems: captionStems(n.name) })),
].filter((c) => c.stems.length > 0)
/** The words a line item is named by (its captions', readers' and IFRS names', and "total"), as index stems. */
export function lineItemNameWords(element: string): Set<string> {
  return new Set([SUBTOTAL, ...NAMES.filter((n) => n.element === element).flatMap((n) => n.stems)])
}

const VERBS = LINE_ITEMS.flatMap((i) =>
  (i.verbs ?? []).flatMap((v) => keywordTerms(v).map((stem) => ({ element: i.element, stem }))),
)
const SUBTOTAL = keywordTerms('total')[0] as string

/**
 * The line item (US-GAAP element of financial-terms.ts) a row label prints: the longest caption
 * the label starts with, "Total" aside ("Net loss attributable to common stockholders" is the net
 * loss; "Net loss per share" the per-share line, a longer caption; "Deferred revenue" and "Other
 * assets" start with no caption). Null for a label no caption heads.
 */
export function lineItemOf(label: string): string | null {
  const words = captionStems(label)
  const bare = words[0] === SUBTOTAL ? words.slice(1) : words
  let best: { element: string; n: number } | null = null
  for (const c of CAPTIONS) {
    const caption = c.stems[0] === SUBTOTAL ? c.stems.slice(1) : c.stems
    if (caption.length === 0 || caption.length > bare.length || (best && caption.length <= best.n)) continue
    if (caption.every((w, i) => bare[i] === w)) best = { element: c.element, n: caption.length }
  }
  return best?.element ?? null
}

/**
 * The line items a question's terms name: every word of one of a line item's captions (in any
 * order: "cash flow … operations" names "operating cash flow") or of a name readers ask it by
 * ("cash"), or one of its verbs. A caption
 * inside a longer one named by the same words is that one's ("cost of revenue" is not "revenue").
 */
export function namedLineItems(terms: ReadonlySet<string>): Set<string> {
  const hit = NAMES.filter((c) => c.stems.every((w) => terms.has(w)))
  const out = new Set(VERBS.filter((v) => terms.has(v.stem)).map((v) => v.element))
  for (const c of hit)
    if (
      !hit.some(
        (o) =>
          o.element !== c.element &&
          o.stems.length > c.stems.length &&
          c.stems.every((w) => o.stems.includes(w)),
      )
    )
      out.add(c.element)
  return out
}

/**
 * The line items whose captions a text prints, its words in the caption's order: taxonomy element →
 * the longest caption as the text prints it ("total revenue" over "revenue"), for saying which line
 * item was looked for. A figure question naming "total revenue for the fiscal year" is answered by
 * a figure of that line item, not by another table's "Total" for the same year.
 */
export function lineItemsNamed(text: string): Map<string, string> {
  const words = wordStems(text)
  const out = new Map<string, string>()
  for (const c of CAPTIONS) {
    const i = words.findIndex((_, at) => c.stems.every((w, k) => words[at + k]?.stem === w))
    if (i < 0) continue
    const printed = text
      .slice(words[i]?.from, words[i + c.stems.length - 1]?.to)
      .toLowerCase()
      .replace(/\s+/g, ' ')
    const seen = out.get(c.element)
    if (!seen || seen.split(' ').length < c.stems.length) out.set(c.element, printed)
  }
  return out
}

/** A figure printed in another line item's row than the one its sentence names. */
export interface OtherLineItem {
  /** The row label the page prints the figure under ("Net loss"). */
  printedIn: string
  /** The row of the same page the sentence names ("Revenue"). */
  named: string
}

/**
 * What ends a clause inside a sentence: a figure's line item is named in its own clause ("$1,644
 * million from the rest of the world (vs $2,067 million US)": the second figure is the US one).
 */
const CLAUSE_BREAK = /[;()[\]\u2014]|,\s|:\s/g

/** The clause of `text` that holds `figure` as printed (the whole text when it is not found). */
export function clauseOf(text: string, figure: string): string {
  const at = text.indexOf(figure)
  if (at < 0) return text
  let start = 0
  let end = text.length
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    const i = m.index ?? 0
    if (i + m[0].length <= at) start = i + m[0].length
    else if (i >= at + figure.length) {
      end = i
      break
    }
  }
  return text.slice(start, end)
}

/** How much of a label a clause names: its line-item words named, and their share of the label's. */
interface Naming {
  named: number
  cover: number
}
function naming(label: string, terms: ReadonlySet<string>): Naming | null {
  const words = lineItemWords(label)
  if (words.length === 0) return null
  if (OTHER_RE.test(label)) words.push(OTHER)
  const named = words.filter((w) => terms.has(w)).length
  return { named, cover: named / words.length }
}
const better = (a: Naming, b: Naming) => a.named > b.named || (a.named === b.named && a.cover > b.cover)

/**
 * Words, figures and their `$ % . ,` only, lower case: a quote's words as the page prints them. An
 * answer adds its own marks around a quote (the list's "- ", quote marks, "…" where it is cut) and
 * the page its line breaks and hyphens; neither changes the words.
 */
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/\.\.\./g, ' ')
    .replace(/[^\p{L}\p{N}$%.,]+/gu, ' ')
    .trim()

/** The clause is the page's own words (an extractive quote): they cannot name another line item. */
const quotesPage = (clause: string, pageText: string) => {
  const c = squash(clause)
  return c.length > 0 && squash(pageText).includes(c)
}

/**
 * The page prints the figure with its scale word ("$0.4 million"): prose, which says what it is
 * itself; a table prints bare numbers under its units.
 */
const statedInProse = (quote: Figure, pageText: string) =>
  parseFigures(pageText).some((f) => f.scaled && figureStates(f, quote))

/**
 * Whether a quoted figure, equal to table cells of the cited page (`cells`: the page's cells, each
 * with its `row`), is printed only in rows its clause of `claim` (the sentence quoting it) names
 * less well than another row of the page that it names in full and that prints none of the
 * clause's other figures: more of that row's words, or as many while naming under MIN_LABEL_COVER
 * of each printing row ("total liabilities" names "Total liabilities" in full and "Total
 * liabilities and stockholders' equity" in part). Null when no cell matches (the text check alone
 * decides), when a printing row names no line item ("Total"), or when no other row is named
 * better: a figure is refused only when its own words say it is another line item than the page
 * prints it as. With `pageText`, also null when the clause quotes the page word for word, or the
 * page's prose states the figure with its scale word. "Net income" still accepts the cell of "Net income and comprehensive income", and
 * "revenue" the cell of "Cost of revenue" (half named): the rule errs towards "verified".
 */
export function otherLineItem(
  quote: Figure,
  claim: string,
  cells: readonly Figure[],
  pageText = '',
): OtherLineItem | null {
  const matched = cells.filter((c) => c.row !== undefined && figureStates(c, quote))
  if (matched.length === 0) return null
  const clause = clauseOf(claim, quote.text)
  if (pageText && (quotesPage(clause, pageText) || statedInProse(quote, pageText))) return null
  const terms = new Set(keywordTerms(clause))
  if (OTHER_RE.test(clause)) terms.add(OTHER)
  let best: Naming = { named: 0, cover: 0 }
  for (const c of matched) {
    const n = naming(c.row as string, terms)
    if (!n) return null
    if (better(n, best)) best = n
  }
  const printedIn = new Set(matched.map((c) => c.row as string))
  // A row printing another figure of the clause is that figure's line item ("Advertising services
  // $594,546 thousand and data licensing and other $70,344 thousand").
  const others = parseFigures(clause).filter((f) => f.text !== quote.text)
  const taken = new Set(
    cells.filter((c) => c.row !== undefined && others.some((f) => figureStates(c, f))).map((c) => c.row),
  )
  for (const c of cells) {
    if (c.row === undefined || printedIn.has(c.row) || taken.has(c.row)) continue
    const n = naming(c.row, terms)
    if (
      n &&
      n.cover === 1 &&
      (n.named > best.named || (n.named === best.named && best.cover < MIN_LABEL_COVER))
    )
      return { printedIn: (matched[0] as Figure).row as string, named: c.row }
  }
  return null
}
