/**
 * Extractive mode (no API key): the sentences of the retrieved chunks that best match the question,
 * each quoted with its printed page, presented as excerpts and not as an answer. Pure and fast
 * (a few hundred sentences per question), so `/ask` stays well under its latency target.
 */
import { PAGE_TAG_RE, pageTag } from '@asks1/shared/contract/citations'
import { analyzeQuery, holdsAnswerType } from '@asks1/shared/retrieval/query'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import type { SearchHit } from '@asks1/shared/store'

export interface Excerpt {
  text: string
  page: string
  score: number
}

/** Sentences of a tagged chunk, each with the printed page it sits on (the nearest tag before it). */
export function taggedSentences(text: string, startPage: string | null): { text: string; page: string }[] {
  const out: { text: string; page: string }[] = []
  let page = startPage
  let last = 0
  const push = (segment: string) => {
    // Sentence ends: . ! ? followed by space and a capital/quote/paren, or a line break; not "Inc. " or "$3.7".
    for (const s of segment.split(/(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z])|\n+/)) {
      const clean = s.replace(/\s+/g, ' ').trim()
      if (page && clean.length >= 25 && /[a-z]/.test(clean)) out.push({ text: clean, page })
    }
  }
  for (const m of text.matchAll(PAGE_TAG_RE)) {
    push(text.slice(last, m.index))
    page = m[1] as string
    last = (m.index ?? 0) + m[0].length
  }
  push(text.slice(last))
  return out
}

/** Words that name no subject ("the company", "does it"), as index terms. */
const FILLER = new Set(keywordTerms('company companies inc filing did does'))

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Scores sentences by the question terms they contain (the shared query analysis: stemmed, so
 * "employ" meets "employees"), weighted by rarity across the retrieved sentences (a term in every
 * sentence says nothing). A sentence holding the kind of answer the question's form asks for is
 * preferred, earlier-ranked chunks are preferred, and a length penalty stops run-on table rows
 * winning by size.
 */
export function pickExcerpts(question: string, hits: readonly SearchHit[], max = 3): Excerpt[] {
  const analysis = analyzeQuery(question)
  const qTerms = analysis.terms.filter((t) => !FILLER.has(t))
  if (qTerms.length === 0) return []
  const sentences = hits.flatMap((h, rank) =>
    taggedSentences(h.chunk.text, h.chunk.pages[0] ?? null).map((s) => {
      const terms = new Set(keywordTerms(s.text))
      return { ...s, rank, matched: qTerms.map((t) => terms.has(t)) }
    }),
  )
  const df = qTerms.map((_, i) => sentences.filter((s) => s.matched[i]).length)
  const total = sentences.length
  const scored = sentences.map((s) => {
    let score = 0
    s.matched.forEach((hit, i) => {
      if (hit) score += Math.log(1 + total / Math.max(1, df[i] ?? 1))
    })
    if (score === 0) return { ...s, score }
    if (holdsAnswerType(s.text, analysis.answerType)) score *= 1.8
    // Retrieval already ranked the chunks: prefer earlier ones.
    score /= 1 + s.rank * 0.1
    score /= Math.max(1, Math.sqrt(s.text.length / 200))
    return { ...s, score }
  })
  const seen = new Set<string>()
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .filter((s) => {
      const key = s.text.toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .slice(0, max)
    .map((s) => ({
      text: s.text.length > 600 ? `${s.text.slice(0, 597)}…` : s.text,
      page: s.page,
      score: s.score,
    }))
}

export const EXTRACTIVE_INTRO =
  'Excerpts from the filing that best match your question (no AI model is configured on this server, so these are quoted passages, not a written answer):'

export const EXTRACTIVE_NONE =
  'No passage of the filing matched this question closely. The filing may not say; try rephrasing with words the filing would use.'

/** Question words that are capitalised for grammar, not because they name something. */
const NOT_NAMES = new Set(
  'What When Where Which Who Whom Whose Why How Does Did Do Is Are Was Were Will Would Can Could Should Has Have Had Under Over From With Without Please List Give Tell Describe Explain Compare According'.split(
    ' ',
  ),
)

/**
 * Names in the question (capitalised words such as "Instagram", "Spotify") that no retrieved
 * passage contains. Retrieval ranks a rare name highly, so a name missing from every retrieved
 * passage is, in practice, a name the filing does not mention: the honest extractive reply is
 * then that the filing does not appear to say, not excerpts about something else.
 */
export function missingNames(question: string, hits: readonly SearchHit[], company = ''): string[] {
  // A filing calls its own company "we"; its name may be in no passage, so it never counts.
  const own = new Set(company.match(/\p{L}+/gu) ?? [])
  const names = [...question.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}{2,}(?:['’]s)?(?![\p{L}\p{N}])/gu)]
    // The first word of a sentence is capitalised for grammar, not because it names something.
    .filter((m) => !/(?:^|[.!?:]\s*)$/.test(question.slice(0, m.index)))
    .map((m) => m[0].replace(/['’]s$/, ''))
    .filter((w) => !NOT_NAMES.has(w) && !own.has(w))
  if (!names.length || !hits.length) return []
  const text = hits.map((h) => h.chunk.text).join('\n')
  return [...new Set(names)].filter((n) => !new RegExp(`(?<![\\p{L}])${escapeRe(n)}`, 'u').test(text))
}

export const extractiveNotMentioned = (names: string[]): string =>
  `None of the passages of the filing that best match this question mentions ${names.map((n) => `“${n}”`).join(' or ')}, so the filing does not appear to say. (No AI model is configured on this server: it quotes the filing rather than answering.)`

/**
 * What a preliminary prospectus prints as a blank until the offering is priced: the price per
 * share ("offering price of $ per share") and the trading symbol ("under the symbol “ .”"). Asked
 * for either, a passage holding the blank is the filing saying it has no answer yet.
 */
const BLANKS: readonly { asks: RegExp; blank: RegExp; what: string }[] = [
  {
    asks: /\b(?:price per share|(?:ipo|offering|share) price|at what price|price (?:of|for) (?:the |its |each )?(?:ipo|shares?|offering|stock))\b/i,
    blank: /\$\s*(?:and\s+\$\s*)?per share/i,
    what: 'the offering price per share',
  },
  {
    asks: /\b(?:ticker|trading symbol|symbol)\b/i,
    blank: /symbol\s*[“"]\s*[.,]?\s*[”"]/i,
    what: 'the trading symbol',
  },
]

/** The blank the question asks about, when a retrieved passage prints it blank; null otherwise. */
export function blankAsked(question: string, hits: readonly SearchHit[]): string | null {
  for (const b of BLANKS) {
    if (b.asks.test(question) && hits.some((h) => b.blank.test(h.chunk.text.replace(/\s+/g, ' '))))
      return b.what
  }
  return null
}

export const extractiveBlank = (what: string): string =>
  `Where the filing would give ${what}, it leaves a blank: a preliminary prospectus states it only once the offering is priced, so the filing does not appear to say. (No AI model is configured on this server: it quotes the filing rather than answering.)`

/** The extractive "answer": quoted excerpts, each followed by its page citation. */
export function extractiveAnswer(
  question: string,
  hits: readonly SearchHit[],
  opts: { company?: string; max?: number } = {},
): string {
  const max = opts.max ?? 3
  const missing = missingNames(question, hits, opts.company)
  if (missing.length) return extractiveNotMentioned(missing)
  const blank = blankAsked(question, hits)
  if (blank) return extractiveBlank(blank)
  const excerpts = pickExcerpts(question, hits, max)
  if (!excerpts.length) return EXTRACTIVE_NONE
  return [EXTRACTIVE_INTRO, '', ...excerpts.map((e) => `- “${e.text}” ${pageTag(e.page)}`)].join('\n')
}
