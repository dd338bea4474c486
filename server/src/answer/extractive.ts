/**
 * Extractive mode (no API key): the sentences of the retrieved chunks that best match the question,
 * each quoted with its printed page, presented as excerpts and not as an answer. Pure and fast
 * (a few hundred sentences per question), so `/ask` stays well under its latency target.
 */
import { PAGE_TAG_RE, pageTag } from '@asks1/shared/citations'
import type { SearchHit } from '@asks1/shared/store'
import { keywordTerms, queryTerms } from '@asks1/shared/terms'

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

const FILLER = new Set(['company', 'companies', 'inc', 'filing', 'much', 'many', 'did', 'does'])
const stemEq = (a: string, b: string) =>
  a === b || (a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a)))

/**
 * Scores sentences by the question terms they contain, weighted by rarity across the retrieved
 * sentences (a term in every sentence says nothing), with a small bonus for figures when the
 * question asks "how many/much" and a length penalty so run-on table rows do not win by size.
 */
export function pickExcerpts(question: string, hits: readonly SearchHit[], max = 4): Excerpt[] {
  const qTerms = queryTerms(question).filter((t) => !FILLER.has(t))
  if (!qTerms.length) return []
  const wantsFigure = /\b(how (many|much)|what (share|percent|portion)|revenue|income|loss|cost)\b/i.test(
    question,
  )
  const sentences = hits.flatMap((h, rank) =>
    taggedSentences(h.chunk.text, h.chunk.pages[0] ?? null).map((s) => ({
      ...s,
      rank,
      terms: new Set(keywordTerms(s.text)),
    })),
  )
  const df = new Map<string, number>()
  for (const q of qTerms) {
    let n = 0
    for (const s of sentences) if ([...s.terms].some((t) => stemEq(t, q))) n++
    df.set(q, n)
  }
  const total = sentences.length
  const scored = sentences.map((s) => {
    let score = 0
    let matched = 0
    for (const q of qTerms) {
      if (![...s.terms].some((t) => stemEq(t, q))) continue
      matched++
      score += Math.log(1 + total / (df.get(q) ?? 1))
    }
    if (matched === 0) return { ...s, score: 0 }
    if (wantsFigure && /\d/.test(s.text)) score *= 1.25
    // Retrieval already ranked the chunks: prefer earlier chunks on ties.
    score *= 1 - s.rank * 0.02
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

/** The extractive "answer": quoted excerpts, each followed by its page citation. */
export function extractiveAnswer(question: string, hits: readonly SearchHit[], max = 4): string {
  const excerpts = pickExcerpts(question, hits, max)
  if (!excerpts.length) return EXTRACTIVE_NONE
  return [EXTRACTIVE_INTRO, '', ...excerpts.map((e) => `- “${e.text}” ${pageTag(e.page)}`)].join('\n')
}
