/**
 * Passage-level rerank of the fused candidate pool on evidence that holds for any filing: the
 * question's terms close together in the passage, the asked period printed in it, the asked kind of
 * answer printed in it (answer type from the question's grammatical form), and the standard section
 * it sits in describing what the question asks (vocabulary.ts). The retrieval rank stays the
 * largest part of the score, so evidence reorders neighbours rather than overturning the ranking.
 */
import { stripPageTags } from '../contract/citations'
import type { RetrievalFeatures } from './features'
import { type AnswerType, holdsAnswerType, type QueryAnalysis } from './query'
import { NAMED_CHUNKS, NAMED_WEIGHT, sectionsOfChunk } from './sections'
import { STATEMENT_WEIGHT, statementEvidence } from './statements'
import type { SearchHit } from './store/types'
import { isStopWord, keywordTerms, stem } from './terms'
import { ANSWER_CAPTIONS, type FormSection, formSectionsOfPath } from './vocabulary'

/** Candidates reranked: a larger pool than any answer takes, small enough to stay within 10 ms. */
export const RERANK_POOL = 30

/** Weights of the evidence, relative to the rank prior (1 at rank 1); set on the tuning sets. */
export interface RerankWeights {
  proximity: number
  period: number
  answer: number
  section: number
  /** The form's caption for the asked answer printed whole (`captionPattern`). */
  caption: number
  /** Lost by a passage per passage ranked above it under the same section path (`diversify`). */
  diversity: number
}
/**
 * `caption` set on the tuning sets' core battery (eval/questions/core; 0.2 / 0.4 / 0.5 / 0.7 / 1:
 * MRR 0.510 / 0.519 / 0.525 / 0.525 / 0.525; docs/retrieval.md, round 7). `diversity` (with
 * NEAR_CHUNKS) set on the tuning sets: MRR 0.716 / 0.719 / 0.720 at 0.1 / 0.2 / 0.3 (round 8).
 */
export const RERANK_WEIGHTS: Readonly<RerankWeights> = {
  proximity: 0.3,
  period: 0.2,
  answer: 0.1,
  section: 0.2,
  caption: 0.5,
  diversity: 0.3,
}

/**
 * The form's caption for the asked kind of answer, as a passage prints it ("Our principal executive
 * offices are located at …": Regulation S-K Item 503(b); vocabulary.ts `ANSWER_CAPTIONS`), or null.
 * Printed whole, the caption says the passage gives that answer, which its words apart (searched
 * as a derivation, query.ts) do not: "executive officers" and "principal" are on every page.
 */
const CAPTION_PATTERNS = new Map<AnswerType, RegExp | null>()
function captionPattern(type: AnswerType): RegExp | null {
  if (!CAPTION_PATTERNS.has(type)) {
    const caption = ANSWER_CAPTIONS[type]?.caption
    CAPTION_PATTERNS.set(type, caption ? new RegExp(`\\b${caption.split(' ').join('\\s+')}\\b`, 'i') : null)
  }
  return CAPTION_PATTERNS.get(type) ?? null
}

/** Tokens a window of the passage spans when counting the question's terms close together. */
const WINDOW = 12

/** Share of the question's terms (at most 4 counted) found within one WINDOW of the passage. */
export function proximity(passage: readonly string[], terms: ReadonlySet<string>): number {
  const want = Math.min(4, terms.size)
  if (want < 2) return 0
  const inWindow = new Map<string, number>()
  let best = 0
  for (let i = 0; i < passage.length; i++) {
    const t = passage[i] as string
    if (terms.has(t)) inWindow.set(t, (inWindow.get(t) ?? 0) + 1)
    const out = i - WINDOW
    if (out >= 0) {
      const o = passage[out] as string
      const c = inWindow.get(o)
      if (c !== undefined) c <= 1 ? inWindow.delete(o) : inWindow.set(o, c - 1)
    }
    if (inWindow.size > best) best = inWindow.size
  }
  return best < 2 ? 0 : Math.min(1, best / want)
}

/** Share of the asked years printed in the passage (0 when the question names none). */
export function periodEvidence(passageTerms: ReadonlySet<string>, q: QueryAnalysis): number {
  const years = [...new Set(q.periods.map((p) => p.year).filter((y): y is number => y !== null))]
  if (years.length === 0) return 0
  return years.filter((y) => passageTerms.has(String(y))).length / years.length
}

/** Index terms of each standard section's titles and description, computed once. */
const SECTION_TERMS = new Map<string, Set<string>>()
const sectionTerms = (s: FormSection): Set<string> => {
  let t = SECTION_TERMS.get(s.id)
  if (!t) {
    t = new Set(keywordTerms(`${s.titles.join(' ')} ${s.description}`))
    SECTION_TERMS.set(s.id, t)
  }
  return t
}

/** Share of the question's terms the passage's standard sections name or describe. */
export function sectionEvidence(section: string | null, q: QueryAnalysis): number {
  const sections = formSectionsOfPath(section)
  if (sections.length === 0 || q.terms.length === 0) return 0
  return q.terms.filter((t) => sections.some((s) => sectionTerms(s).has(t))).length / q.terms.length
}

/**
 * The passage's plain words as index stems, in order. Lighter than `keywordTerms` (no figures or
 * compounds, which proximity and years do not need): a 30-passage pool must rerank in a few ms.
 */
export function passageWords(text: string): string[] {
  const out: string[] = []
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (w.length < 2 || isStopWord(w)) continue
    out.push(stem(w))
  }
  return out
}

/**
 * Passage stems by chunk: a stored chunk never changes (a new version has new ids), and the same
 * chunks come back for question after question, so tokenising each once keeps a warm rerank within
 * the 10 ms budget. Bounded: cleared when it holds more than CACHE_CHUNKS.
 */
interface Passage {
  text: string
  words: string[]
  wordSet: Set<string>
  /** Whether the passage holds each answer type, filled in as asked. */
  holds: Map<AnswerType, boolean>
}
const PASSAGES = new Map<string, Passage>()
const CACHE_CHUNKS = 20_000
function passageOf(hit: SearchHit): Passage {
  const key = `${hit.chunk.filing}\u0000${hit.chunk.version}\u0000${hit.chunk.id}`
  let p = PASSAGES.get(key)
  if (!p) {
    if (PASSAGES.size >= CACHE_CHUNKS) PASSAGES.clear()
    const text = stripPageTags(hit.chunk.text)
    const words = passageWords(text)
    p = { text, words, wordSet: new Set(words), holds: new Map() }
    PASSAGES.set(key, p)
  }
  return p
}

/**
 * Share of the pool beyond which a term tells its candidates apart no longer: the filer's name or
 * the asked year is in nearly every candidate, so two of them close together prove nothing (the
 * pool's own IDF, as FTS5's bm25() gives such a term ~0 weight). Set on the tuning sets.
 */
export const POOL_COMMON_SHARE = 0.9

/** The question's terms that fewer than POOL_COMMON_SHARE of the candidates hold. */
export function discriminating(
  terms: readonly string[],
  passages: readonly { wordSet: Set<string> }[],
): Set<string> {
  const limit = POOL_COMMON_SHARE * passages.length
  return new Set(terms.filter((t) => passages.filter((p) => p.wordSet.has(t)).length <= limit))
}

export function rerank(
  q: QueryAnalysis,
  hits: readonly SearchHit[],
  features: RetrievalFeatures,
  weights: Readonly<RerankWeights> = RERANK_WEIGHTS,
): SearchHit[] {
  const passages = hits.map(passageOf)
  const terms = features.pool ? discriminating(q.terms, passages) : new Set(q.terms)
  const named = features.named ? (q.sections ?? []) : []
  const namedSeen = new Map<string, number>()
  const caption = features.captionprinted ? captionPattern(q.answerType) : null
  const scored = hits.map((hit, rank) => {
    let score = 1 / (1 + rank / 10)
    const p = passages[rank] as Passage
    if (features.proximity) score += weights.proximity * proximity(p.words, terms)
    if (features.period) score += weights.period * periodEvidence(p.wordSet, q)
    if (features.answer) {
      let holds = p.holds.get(q.answerType)
      if (holds === undefined) {
        holds = holdsAnswerType(p.text, q.answerType)
        p.holds.set(q.answerType, holds)
      }
      if (holds) score += weights.answer
    }
    if (features.section) score += weights.section * sectionEvidence(hit.chunk.section, q)
    if (caption?.test(p.text)) score += weights.caption
    if (features.statements) score += STATEMENT_WEIGHT * statementEvidence(hit.chunk, q)
    // The first NAMED_CHUNKS passages of a named section the pool ranks, as many as the asked
    // statement takes: a long section (Underwriting: a dozen chunks) must not fill the top five.
    if (features.named && named.length > 0) {
      const of = sectionsOfChunk(hit.chunk)
      let lift = 0
      for (const s of named) {
        if (!of.has(s.id)) continue
        const seen = namedSeen.get(s.id) ?? 0
        namedSeen.set(s.id, seen + 1)
        if (seen < NAMED_CHUNKS) lift = Math.max(lift, s.share)
      }
      score += NAMED_WEIGHT * lift
    }
    // The question's terms the passage prints: what `diversify` reads a neighbour's novelty by.
    const held = features.diverse ? new Set([...terms].filter((t) => p.wordSet.has(t))) : undefined
    return { hit, score, rank, held }
  })
  scored.sort((a, b) => b.score - a.score || a.rank - b.rank)
  const ordered = features.diverse ? diversify(scored, weights.diversity) : scored
  // The reply's score is the one the hits are ordered by (the fused ranks stay in denseRank/keywordRank).
  const out = ordered.map((s) => ({ ...s.hit, score: s.score }))
  return features.pages ? newPagesFirst(out) : out
}

/**
 * Chunks this close in reading order (400-word windows, a new one every 300 words) under one
 * section path are neighbours: set with the weight on the tuning sets (docs/retrieval.md, round 8).
 */
export const NEAR_CHUNKS = 3

/** A scored candidate of the rerank; `held`: the question's discriminating terms its passage prints. */
export interface Scored {
  hit: SearchHit
  score: number
  rank: number
  held?: ReadonlySet<string>
}

/**
 * Whether passage `b` repeats passage `a`, taken above it: a neighbour in the filing (the same
 * section path, within NEAR_CHUNKS chunks) that prints none of the question's terms `a` lacks.
 * A neighbour printing a term the passage above does not is the rest of the answer, not its echo
 * (novelty as cover of the query's aspects: Zhai, Cohen and Lafferty, SIGIR 2003; Santos, Macdonald
 * and Ounis, WWW 2010). With nearness alone, such neighbours gave way to passages of other sections
 * that hold fewer of the question's words, and the extractive answer quoted them (docs/retrieval.md,
 * round 9). Without `held` (a caller's own pool), nearness alone.
 */
export function repeats(a: Scored, b: Scored): boolean {
  if (a.hit.chunk.section !== b.hit.chunk.section) return false
  if (Math.abs(a.hit.chunk.ordinal - b.hit.chunk.ordinal) > NEAR_CHUNKS) return false
  if (!a.held || !b.held) return true
  for (const t of b.held) if (!a.held.has(t)) return false
  return true
}

/**
 * Neighbouring passages of one subsection repeat its words, so the pool ranks them together:
 * Twitter's "how much money did Twitter lose" drew four neighbouring risk factors above the
 * business overview stating the net loss, CAMP4's net proceeds question neighbouring Underwriting
 * passages above the summary. Maximal marginal relevance (Carbonell and Goldstein, SIGIR 1998) with
 * `repeats` as the redundancy: passages are taken greedily, each losing `weight` for every passage
 * already taken that it repeats (the best passage, with none above it, is never lowered). Round 8
 * also spared the second best, a choice made on the check sets' answers; with the novelty test no
 * answer of any group depends on it and the tuning MRR is better without (0.718 against 0.715), so
 * it is gone (docs/retrieval.md, round 9).
 */
export function diversify<T extends Scored>(scored: readonly T[], weight: number): T[] {
  const rest = [...scored]
  const out: T[] = []
  while (rest.length > 0) {
    let best = 0
    let bestScore = Number.NEGATIVE_INFINITY
    for (const [i, s] of rest.entries()) {
      const v = s.score - weight * out.filter((o) => repeats(o, s)).length
      // Ties keep the pool's order (rest is in score order, ties by rank).
      if (v > bestScore) {
        bestScore = v
        best = i
      }
    }
    const [pick] = rest.splice(best, 1) as [T]
    out.push({ ...pick, score: bestScore })
  }
  return out
}

/**
 * A reader checks printed pages, and the evaluation scores them: a passage whose pages are all
 * printed by passages ranked above it (the overlapping neighbour of a chunk already shown) shows
 * nothing new, so it moves after every passage that does, keeping its order among those moved.
 * Scores stay in order: the moved passages' scores are scaled (one factor, so their own order holds)
 * to below the lowest score of a passage not moved.
 */
export function newPagesFirst<T extends { chunk: { pages: readonly string[] }; score: number }>(
  hits: readonly T[],
): T[] {
  const seen = new Set<string>()
  const fresh: T[] = []
  const repeated: T[] = []
  for (const h of hits) {
    const pages = h.chunk.pages
    ;(pages.length > 0 && pages.every((p) => seen.has(p)) ? repeated : fresh).push(h)
    for (const p of pages) seen.add(p)
  }
  const floor = Math.min(...fresh.map((h) => h.score))
  const top = Math.max(...repeated.map((h) => h.score))
  if (repeated.length === 0 || fresh.length === 0 || top < floor) return [...fresh, ...repeated]
  // Scaling keeps the moved scores' order only for positive scores (the default weights); a caller's
  // negative weights can give a floor at or below 0, where the moved scores shift below it instead.
  const moved =
    floor > 0
      ? (h: T) => h.score * ((0.99 * floor) / top)
      : (h: T) => h.score - (top - floor) - 0.01 * (Math.abs(floor) + 1)
  return [...fresh, ...repeated.map((h) => ({ ...h, score: moved(h) }))]
}
