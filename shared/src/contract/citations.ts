/**
 * Inline page tags and answer citations. Pure and browser-safe: the server filters and verifies
 * with it, the web app renders citation chips with it.
 *
 * Chunk text carries `[p.154]` at each printed page start; answers cite `p.154` / `p.F-16` /
 * `p.III-5` (also `pp. 40, 42`, `pages 12–14`, `page F-4`). What a label is belongs to
 * `./page-label`; matching works on parsed labels, never on substrings, so `p.15` can never match
 * inside `p.154` or `p.15-3`.
 */
import { type Figure, figureOnPage, parseFigure, parseFigures } from './figures'
import { PAGE_LABEL_PATTERN, pagesAfterUpTo, parsePageLabel } from './page-label'
import { segmentProse } from './sentences'

// Page tags have their own module (sentences.ts needs them; citations.ts needs sentences).
export { PAGE_TAG_RE, pageTag, pageTagsIn, stripPageTags } from './page-tags'

const LABEL = PAGE_LABEL_PATTERN
// Not followed by more of a word or number (`p.154` is not `p.15`; `p.15-3a` is no citation at all).
const LABEL_END = String.raw`(?![\dA-Za-z])(?!-\d+[A-Za-z])`

export interface FoundCitation {
  /** The cited printed page label. */
  page: string
  /** Where the citation's text starts in the answer, and its length (a list yields one entry per label). */
  index: number
  length: number
}

// `p.154`, `p. F-16`, `pp. 40, 42 and F-4`, `pages 12-14`, `page 9`; the prefix must not end a word (`ship.5`).
// Labels are case-sensitive (`f-16` and `IV` are not labels), the words around them are not.
const CITATION_RE = new RegExp(
  String.raw`(?<![A-Za-z])([Pp][Pp]?\.|[Pp][Aa][Gg][Ee][Ss]?)[ \u00a0]?(${LABEL}${LABEL_END}(?:\s*(?:[-\u2013\u2014]|,|,?\s*[Aa][Nn][Dd]|,?\s*&)\s*(?:[Pp]\.\s?)?${LABEL}${LABEL_END})*)`,
  'g',
)
const LIST_ITEM_RE = new RegExp(
  String.raw`(?<![A-Za-z\d])(${LABEL})${LABEL_END}(\s*[-\u2013\u2014]\s*)?`,
  'g',
)

/** Every page citation in an answer, in order (ranges like `pp. 12–14` expand to each page). */
export function findCitations(answer: string): FoundCitation[] {
  const found: FoundCitation[] = []
  for (const m of answer.matchAll(CITATION_RE)) {
    const prefix = m[1] as string
    const list = m[2] as string
    const listStart = (m.index ?? 0) + m[0].length - list.length
    // `page` must be followed by something page-like: "page 3" yes, "pages i" only when tagged as roman.
    if (/^pages?$/i.test(prefix) && /^[ivxlcdm]+$/.test(list)) continue
    let rangeFrom: string | null = null
    for (const item of list.matchAll(LIST_ITEM_RE)) {
      const label = item[1] as string
      // The pattern admits non-canonical romans (`iiii`); a label must parse.
      if (!parsePageLabel(label)) {
        rangeFrom = null
        continue
      }
      // The first label's citation includes its `p.` prefix; later list items are just the label.
      const index = item.index === 0 ? (m.index ?? 0) : listStart + (item.index ?? 0)
      const length = listStart + (item.index ?? 0) + label.length - index
      if (rangeFrom !== null) {
        for (const page of pagesAfterUpTo(rangeFrom, label)) found.push({ page, index, length })
        rangeFrom = null
      } else {
        found.push({ page: label, index, length })
      }
      if (item[2]) rangeFrom = label
    }
  }
  return found
}

/** Unique cited labels, in order of first citation. */
export function citedPages(answer: string): string[] {
  return [...new Set(findCitations(answer).map((c) => c.page))]
}

export interface CitedSource<T> {
  chunk: T
  /** The chunk's pages the answer cites, in the chunk's page order ([] when nothing was cited). */
  citedPages: string[]
}

/**
 * The sources list is what the answer cites: retrieved chunks whose printed pages the answer
 * mentions. When the answer cites nothing recognisable, every retrieved chunk is kept
 * (`cited: false`) so the reader still sees what the answer was drawn from.
 */
export function filterCitedSources<T extends { pages: readonly string[] }>(
  answer: string,
  chunks: readonly T[],
): { cited: boolean; sources: CitedSource<T>[] } {
  const cited = new Set(citedPages(answer))
  if (cited.size === 0) return { cited: false, sources: chunks.map((chunk) => ({ chunk, citedPages: [] })) }
  const sources: CitedSource<T>[] = []
  for (const chunk of chunks) {
    const pages = chunk.pages.filter((p) => cited.has(p))
    if (pages.length > 0) sources.push({ chunk, citedPages: pages })
  }
  return { cited: true, sources }
}

/** Figures quoted in a piece of text, as printed (amounts, percentages, counts; not years or dates). */
export function extractFigures(text: string): string[] {
  return [...new Set(parseFigures(text).map((f) => f.text))]
}

/** Where the last sentence of `text` starts (its last line, split by `segmentProse`). */
function lastSentenceStart(text: string): number {
  const line = text.lastIndexOf('\n') + 1
  const sentences = segmentProse(text.slice(line)).filter((s) => /[\p{L}\p{N}]/u.test(s.text))
  return line + (sentences.at(-1)?.start ?? 0)
}

/** Where the sentence `text` starts in ends (its first line, split by `segmentProse`). */
function firstSentenceEnd(text: string): number {
  const nl = text.indexOf('\n')
  const line = nl < 0 ? text : text.slice(0, nl)
  return segmentProse(line)[0]?.text.length ?? line.length
}

/**
 * For each citation, the figures quoted in the text it supports: from the start of its sentence (or
 * the previous citation) up to the citation, and, when no other citation follows in the sentence,
 * on to the end of its clause ("$3,711 million [p.50], up 88% from 2010" checks both on p.50). Every
 * figure of a cited sentence counts; figures in sentences citing nothing belong to no citation.
 * `claim` is that text, without the citation.
 */
export function citationFigures(answer: string): { page: string; figures: Figure[]; claim: string }[] {
  const found = findCitations(answer)
  return found.map((c, i) => {
    const prevEnd = i > 0 ? (found[i - 1] as FoundCitation).index + (found[i - 1] as FoundCitation).length : 0
    const before = answer.slice(prevEnd, c.index)
    const end = c.index + c.length
    const next = found[i + 1]
    // A list of pages (`pp. 12, 14`) is one citation per page with no text between: nothing trails.
    const after = next && next.index <= end ? '' : answer.slice(end, next?.index ?? answer.length)
    const sentenceEnd = firstSentenceEnd(after)
    // The tail is the citation's own clause: a parenthesis or ";" after it starts another
    // ("(version 1: 2)" names an older version's page, not a figure of this one).
    const clause = after.slice(0, sentenceEnd).search(/[(;]/)
    const tail = next && sentenceEnd >= after.length ? '' : after.slice(0, clause < 0 ? sentenceEnd : clause)
    const seen = new Set<string>()
    const lead = before.slice(lastSentenceStart(before))
    const figures = [...parseFigures(lead), ...parseFigures(tail)].filter(
      (f) => !seen.has(f.text) && seen.add(f.text),
    )
    // The claim: the words the citation supports, which name the line item its figures are.
    return { page: c.page, figures, claim: `${lead} ${tail}`.trim() }
  })
}

/**
 * Whether a quoted figure is stated on a page: literally, or equal after the page's units and the
 * quote's rounding ("$3,711 million" is on a page printing "$3,711" under "(in millions)").
 * `cells` are the page's table cells, already in their table's units.
 */
export function figureAppears(
  figure: string | Figure,
  pageText: string,
  cells: readonly Figure[] = [],
): boolean {
  const quote = typeof figure === 'string' ? (parseFigure(figure) ?? parseFigures(figure)[0]) : figure
  return quote ? figureOnPage(quote, pageText, cells) : false
}
