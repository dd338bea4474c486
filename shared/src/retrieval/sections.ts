/**
 * The standard sections a question names and those a passage prints, read with the titles of
 * vocabulary.ts (Regulation S-K / Form S-1 / Form 10-K item titles):
 * - a question names a section when every word of one of its titles is among the question's terms
 *   or WordNet's derivations of them ("dividends" → Dividend Policy; "how many people does it
 *   employ" → Employees, through "employees");
 * - a passage prints a section when a title stands in it as a heading: at the start or after a
 *   sentence, in capitals, title case or sentence case, followed by the capitalised first word of
 *   its text ("… partners. Employees As of January 31, 2011, we had 295 employees"). A chunk read
 *   back from a store carries only the section path at its start; a heading inside it is read here.
 * The primary statements are left to statements.ts (their titles are read there, with their own
 * guards), as are the notes and the financial statements as a whole.
 */
import escapeStringRegexp from 'escape-string-regexp'
import { isStopWord, stem } from './terms'
import { FORM_SECTIONS, type FormSection, formSectionsOfPath } from './vocabulary'
import { derivedWords, lemmasOf } from './wordnet'

/** The financial statements and their notes: read by statements.ts, with their own guards. */
const FINANCIAL = new Set([
  'balance-sheet',
  'income-statement',
  'cash-flow-statement',
  'equity-statement',
  'financial-statements',
  'notes',
])

/**
 * Sections a question does not name: the statements (above), and the parts of the form made of
 * other items: the summary restates the whole prospectus, Business (S-K Item 101), MD&A (Item 303)
 * and Risk Factors (Item 105) hold many subjects each, so a question naming "business" or
 * "results" says little about where its answer is.
 */
const NOT_NAMED = new Set([
  ...FINANCIAL,
  'summary',
  'business',
  'mdna',
  'results-of-operations',
  'risk-factors',
])

const SECTIONS = FORM_SECTIONS.filter((s) => !NOT_NAMED.has(s.id))

/** Each section's titles as lists of word lemmas ("dividends" → dividend). */
const TITLE_WORDS: ReadonlyMap<string, string[][]> = new Map(
  SECTIONS.map((s) => [
    s.id,
    s.titles.map((t) =>
      t
        .split(/\s+/)
        .filter((w) => w.length > 1 && !isStopWord(w))
        .map((w) => lemmasOf(w)[0] as string),
    ),
  ]),
)

/**
 * Rerank lift of a passage in a section the question names: NAMED_WEIGHT × the share of the
 * question's terms the title spans, for the pool's first NAMED_CHUNKS passages of the section
 * (2, as the asked statement takes). Weight set on the tuning sets (1 / 2 / 3: MRR 0.670 / 0.663 /
 * 0.672, recall@5 87.9 at each); at 3 a title that is a third of the question ("Will it pay
 * dividends?") lifts as much as a printed asked statement (statements.ts STATEMENT_WEIGHT).
 */
export const NAMED_WEIGHT = 3
export const NAMED_CHUNKS = 2

/** A standard section the question names, and the share of the question's terms its title spans. */
export interface NamedSection {
  id: string
  share: number
}

/**
 * The standard sections whose title the question names: every word of a title is one of the
 * question's searched words (by WordNet base form, not Porter stem: "capital" is not
 * "capitalization") or a derivation of one ("employ" → employee). A title that is most of the
 * question says where its answer is ("Will it pay dividends?"); one word of ten ("keep from the
 * offering once underwriting fees are paid") says less, hence the share.
 */
export function namedSections(text: string, terms: readonly string[]): NamedSection[] {
  const asked = new Set(terms)
  const have = new Map<string, string>()
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const raw = m[0].toLowerCase()
    const t = stem(raw)
    if (raw.length < 3 || isStopWord(raw) || !asked.has(t)) continue
    for (const w of [...lemmasOf(raw), ...derivedWords(raw)]) if (!have.has(w)) have.set(w, t)
  }
  const out: NamedSection[] = []
  for (const [id, titles] of TITLE_WORDS) {
    let best = 0
    for (const t of titles)
      if (t.length > 0 && t.every((x) => have.has(x)))
        best = Math.max(best, new Set(t.map((x) => have.get(x))).size / Math.max(1, terms.length))
    if (best > 0) out.push({ id, share: best })
  }
  return out
}

const printedForms = (title: string): string[] => {
  const words = title.split(' ')
  const cap = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`
  const small = /^(?:of|and|in|for|about|s)$/
  return [title.toUpperCase(), words.map((w) => (small.test(w) ? w : cap(w))).join(' '), cap(title)].map(
    (t) => escapeStringRegexp(t).replace(/ /g, "[\\s’']+"),
  )
}
/**
 * A heading joining another subject before the title ("Culture and Employees", "CULTURE AND
 * EMPLOYEES"): capitalised words, then "and" or "&" (vocabulary.ts `formSectionsOfHeading`).
 */
const JOINED = "(?:(?:\\p{Lu}[\\p{L}’']*\\s+){1,4}(?:and|AND|&)\\s+)?"
const PRINTED: ReadonlyArray<[FormSection, RegExp]> = SECTIONS.map((s) => [
  s,
  new RegExp(
    `(?:^|[.!?:]\\s+|\\]\\s*)${JOINED}(?:${[...new Set(s.titles.flatMap(printedForms))].join('|')})\\s+(?=[A-Z0-9])`,
    'u',
  ),
])

/** The standard sections whose title the passage prints as a heading. */
export function sectionsPrinted(text: string): FormSection[] {
  return PRINTED.filter(([, re]) => re.test(text)).map(([s]) => s)
}

const OF_CHUNK = new Map<string, Set<string>>()
/** The standard sections of a chunk: on its section path, or printed in it as a heading. */
export function sectionsOfChunk(chunk: {
  filing: string
  version: string
  id: string
  text: string
  section: string | null
}): Set<string> {
  const key = `${chunk.filing}\u0000${chunk.version}\u0000${chunk.id}`
  let out = OF_CHUNK.get(key)
  if (!out) {
    if (OF_CHUNK.size >= 20_000) OF_CHUNK.clear()
    const path = formSectionsOfPath(chunk.section, true)
    // Inside the statements and their notes a caption naming a section ("Dividends", "Legal
    // Proceedings") is a note's caption, as ingest reads it (ingest/src/headings.ts).
    const printed = path.some((s) => FINANCIAL.has(s.id)) ? [] : sectionsPrinted(chunk.text)
    out = new Set([...path, ...printed].map((s) => s.id))
    OF_CHUNK.set(key, out)
  }
  return out
}
