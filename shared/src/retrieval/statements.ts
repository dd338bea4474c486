/**
 * What a question says about the financial statements, read with the data of financial-terms.ts:
 * the statements it names or whose line items its ratio is made of ("operating margin" → the
 * income statement), the captions a ratio it names is read from, and the financial labels
 * (statement names, line items, ratios) in a text.
 *
 * Labels are matched on word stems, in order, as whole words; the spaces between a label's words
 * do not count, because English writes a compound open, hyphenated or closed ("cash flow",
 * "cash-flow", "cashflow") and filings and readers differ. Pure: no I/O.
 */
import escapeStringRegexp from 'escape-string-regexp'
import type { Chunk } from '../contract/chunk'
import { LINE_ITEMS, RATIOS, STATEMENT_NAMES, type StatementId } from './financial-terms'
import { lineItemsNamed } from './line-items'
import type { QueryAnalysis } from './query'
import { stem } from './terms'
import { FORM_SECTIONS } from './vocabulary'

/** A text's words as stems for label matching: lower case, split at anything not a letter or digit. */
function labelStems(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map(stem)
}

interface Label {
  /** The label's stems run together (spaces between its words do not count). */
  joined: string
  text: string
  statements: readonly StatementId[]
  kind: 'statement' | 'line-item' | 'ratio'
}

const LABELS: readonly Label[] = [
  ...STATEMENT_NAMES.flatMap((s) =>
    s.names.map((text) => ({ text, statements: [s.id], kind: 'statement' as const })),
  ),
  ...LINE_ITEMS.flatMap((i) =>
    i.labels.map((text) => ({ text, statements: [i.statement], kind: 'line-item' as const })),
  ),
  ...RATIOS.flatMap((r) =>
    r.names.map((text) => ({ text, statements: r.statements, kind: 'ratio' as const })),
  ),
].map((l) => ({ ...l, joined: labelStems(l.text).join('') }))
const BY_JOINED = new Map<string, Label[]>()
for (const l of LABELS) BY_JOINED.set(l.joined, [...(BY_JOINED.get(l.joined) ?? []), l])
const LONGEST = Math.max(...LABELS.map((l) => l.joined.length))

interface LabelMatch {
  label: Label
  /** The stem of the word before the label ('' at the start). */
  before: string
}

/** The financial labels in a text, longest first where two overlap ("operating income margin" over "operating income"). */
export function labelsIn(text: string): Label[] {
  return labelMatches(text).map((m) => m.label)
}

function labelMatches(text: string): LabelMatch[] {
  const words = labelStems(text)
  const found: { label: Label; start: number; end: number }[] = []
  for (let i = 0; i < words.length; i++) {
    let joined = ''
    for (let j = i; j < words.length && joined.length < LONGEST; j++) {
      joined += words[j]
      for (const label of BY_JOINED.get(joined) ?? []) found.push({ label, start: i, end: j + 1 })
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
  const taken: boolean[] = []
  const out: LabelMatch[] = []
  for (const f of found) {
    let free = true
    for (let k = f.start; k < f.end; k++) if (taken[k]) free = false
    if (!free) continue
    for (let k = f.start; k < f.end; k++) taken[k] = true
    out.push({ label: f.label, before: words[f.start - 1] ?? '' })
  }
  return out
}

/**
 * "Adjusted EBITDA", "non-GAAP operating margin", "pro forma EBITDA": a measure of the filer's own making, which
 * Regulation S-K Item 10(e)(1)(ii)(C) keeps off the face of the financial statements; the filing
 * prints and reconciles it by name (MD&A, the summary), so it does not route to a statement.
 */
const NON_GAAP_QUALIFIERS = new Set(['adjust', 'gaap', 'forma'])

/**
 * The statements a question asks about: those it names ("statement of income", "balance sheet")
 * and those printing the line items of a ratio it names ("gross margin", "effective tax rate").
 * A line item alone does not route ("revenue" is in the summary, MD&A and notes as much as in
 * the income statement).
 */
export function askedStatements(text: string): StatementId[] {
  const out = new Set<StatementId>()
  for (const m of labelMatches(text)) {
    if (m.label.kind === 'line-item' || nonGaap(m)) continue
    for (const s of m.label.statements) out.add(s)
  }
  return [...out]
}

/** A ratio named with a non-GAAP qualifier before it ("adjusted operating margin"). */
const nonGaap = (m: LabelMatch): boolean => m.label.kind === 'ratio' && NON_GAAP_QUALIFIERS.has(m.before)

/**
 * The captions of the line items a ratio the text names is computed from (its definition in
 * financial-terms.ts, after the CFA curriculum): "operating margin" is read from the rows
 * "Operating income" and "Revenue", which is all a statement prints of it. Not a ratio named with
 * a non-GAAP qualifier ("adjusted operating margin", "non-GAAP gross margin"): it is computed from
 * the filer's adjusted figures, which the filing prints by the measure's own name, so the GAAP
 * captions would read another measure's figures.
 */
export function ratioCaptions(text: string): string[] {
  const names = labelMatches(text)
    .filter((m) => m.label.kind === 'ratio' && !nonGaap(m))
    .map((m) => m.label.text)
  const ratios = RATIOS.filter((r) => r.names.some((n) => names.includes(n)))
  const elements = new Set(ratios.flatMap((r) => [...lineItemsNamed(r.definition).keys()]))
  // Every caption filers print for those line items ("net sales" for revenue), less those another
  // caption of the list already finds inside it ("total revenue" holds "revenue").
  const captions = LINE_ITEMS.filter((i) => elements.has(i.element))
    .flatMap((i) => i.labels)
    .map((c) => c.replace(/\s*\([^)]*\)/g, '').trim())
  return [...new Set(captions)].filter((c, _, all) => !all.some((o) => o !== c && c.includes(o)))
}

/**
 * Abbreviations that end in a period inside a sentence (lower case, without the period): the
 * word before a "." must not be one of them, nor hold a period itself ("e.g", "U.S"), for the
 * period to end a sentence.
 */
const ABBREVIATIONS = new Set([
  'etc',
  'vs',
  'approx',
  'inc',
  'corp',
  'co',
  'ltd',
  'no',
  'nos',
  'mr',
  'mrs',
  'ms',
  'dr',
  'jr',
  'sr',
  'st',
  'fig',
  'est',
])

/**
 * The text split into sentences: after "?" always; after "." or "!" when a word or figure of its
 * own ends the sentence (not an abbreviation: "U.S. Steel", "e.g. Apple", "Amazon.com, Inc. The")
 * and a capital or a digit starts the next.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = []
  let start = 0
  for (const m of text.matchAll(/[.!?]\s+(?=[\p{Lu}\p{N}])|\?\s+/gu)) {
    const end = (m.index ?? 0) + 1
    const before = /(\S+)[.!?]$/u.exec(text.slice(start, end))?.[1] ?? ''
    const mark = text[end - 1]
    if (
      mark === '.' &&
      (/[.]/.test(before) || ABBREVIATIONS.has(before.toLowerCase()) || /^\p{Lu}$/u.test(before))
    )
      continue
    out.push(text.slice(start, end).trim())
    start = end
  }
  out.push(text.slice(start).trim())
  return out.filter(Boolean)
}

/**
 * A question with instructions ("What is X? Round your answer to two decimal places. If X is not a
 * useful metric, then please state that and explain why."): the interrogative sentences (ending in
 * "?") say what is asked; the others address the answerer, and of them only the financial labels
 * they name (statements, line items, ratios) say where to look. Text without a "?" sentence, or
 * of one sentence, is all question.
 */
export function splitInstructions(text: string): { question: string; instructionLabels: string[] } {
  const sentences = sentencesOf(text)
  const asks = sentences.filter((s) => s.endsWith('?'))
  if (sentences.length < 2 || asks.length === 0 || asks.length === sentences.length)
    return { question: text, instructionLabels: [] }
  const labels = sentences.filter((s) => !s.endsWith('?')).flatMap((s) => labelsIn(s).map((l) => l.text))
  return { question: asks.join(' '), instructionLabels: labels }
}

/**
 * Rerank weight of a passage printing a statement the question asks about, relative to the rank
 * prior (1 at rank 1, 0.25 at the pool's end): a question naming the statement, or a ratio made of
 * its line items, asks for figures that statement prints, so the statement comes first unless
 * other evidence says otherwise. Tuning is flat from 0.2 to 2 (no tuning question names a ratio);
 * FinanceBench dev rises to 1 and is flat above, the check sets are flat from 0.2
 * (docs/retrieval.md).
 */
export const STATEMENT_WEIGHT = 1

/** A title as printed in a heading: capitals, or title case ("Consolidated Statements of Operations"). */
const titleCase = (t: string) =>
  t
    .split(' ')
    .map((w) => (/^(?:of|and|in|for)$/.test(w) ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`))
    .join(' ')
const asPrinted = (t: string) =>
  escapeStringRegexp(t)
    .replace(/ /g, '\\s+')
    .replace(/(?<=[Ss])(?=\\s\+)/g, "[’']?")

/**
 * Each statement's printed titles (vocabulary.ts), as a heading prints them: in capitals or title
 * case, not after an article or preposition ("as shown in the Consolidated Statements of
 * Operations" refers to the statement; it does not print it), nor before a colon ("Statements of
 * Operations:" captions a block of selected financial data, five years drawn from the statement).
 */
const PRINTED_TITLE: ReadonlyMap<StatementId, RegExp> = new Map(
  STATEMENT_NAMES.map(({ id }) => {
    const consolidated = FORM_SECTIONS.find((s) => s.id === id)?.titles ?? []
    // A filer without subsidiaries prints "Balance Sheets", "Statements of Operations": plural, as
    // comparative statements are (S-X Rules 3-01, 3-02); a singular "Balance Sheet" is a caption's
    // word ("Off Balance Sheet Arrangements", "Other Balance Sheet Components").
    const bare = consolidated
      .map((t) => t.replace(/^consolidated /, ''))
      .filter((t) => /^(?:statements|balance sheets)\b/.test(t))
    const alts = [...consolidated, ...bare].flatMap((t) => [
      asPrinted(t.toUpperCase()),
      asPrinted(titleCase(t)),
    ])
    return [
      id,
      new RegExp(
        `(?<![-\\p{L}])(?<!\\b(?:the|The|THE|our|Our|its|in|of|to|and|see|See|Forma|Consolidated|CONSOLIDATED)\\s+)(?:${alts.join('|')})\\b(?!\\s*:)`,
        'u',
      ),
    ]
  }),
)

/**
 * The statements a passage prints, by their titles printed as headings. A table of contents or an
 * index to the financial statements prints every title; a statement page its own (two where one
 * statement ends and the next begins): a passage printing more than two is a list, not a statement.
 */
export function statementsPrinted(text: string): Set<StatementId> {
  const out = new Set<StatementId>()
  for (const [id, re] of PRINTED_TITLE) if (re.test(text)) out.add(id)
  if (out.size > 2) out.clear()
  return out
}

type ChunkKey = Pick<Chunk, 'filing' | 'version' | 'id' | 'text'>
/** By chunk: a stored chunk never changes (a new version has new ids); bounded like the rerank's cache. */
const PRINTS = new Map<string, Set<StatementId>>()
export function statementsOfChunk(chunk: ChunkKey): Set<StatementId> {
  const key = `${chunk.filing}\u0000${chunk.version}\u0000${chunk.id}`
  let out = PRINTS.get(key)
  if (!out) {
    if (PRINTS.size >= 20_000) PRINTS.clear()
    out = statementsPrinted(chunk.text)
    PRINTS.set(key, out)
  }
  return out
}

/** 1 when the chunk prints a statement the question asks about, else 0. */
export function statementEvidence(chunk: ChunkKey, q: QueryAnalysis): number {
  if (!q.statements || q.statements.length === 0) return 0
  const printed = statementsOfChunk(chunk)
  return q.statements.some((s) => printed.has(s)) ? 1 : 0
}
