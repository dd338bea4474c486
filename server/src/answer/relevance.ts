/**
 * The second badge fact of a citation: how well the text it supports matches the question, kept
 * apart from whether the text is on its page (verify.ts). Both modes are measured the same way,
 * with the extractive ranker's evidence (question terms weighted by rarity over the retrieved
 * passages, names weighed up), so a quote that is on its page but about something else is `weak`.
 */
import type { Citation, Relevance } from '@asks1/shared/contract/api'
import { findCitations } from '@asks1/shared/contract/citations'
import type { SearchHit } from '@asks1/shared/store'
import { evidenceModel } from './evidence-model'
import { printsListing, speaksOf } from './form-answers'
import { analyzeQuestion, type QuestionAnalysis } from './question'
import { SELECT_DEFAULTS, subjectTerms } from './select'
import { stemsOf } from './stems'

/** Evidence at which a passage holds the question's key terms (calibrated with the abstention threshold). */
export const STRONG_EVIDENCE = 0.5

export function relevanceLevel(evidence: number): Relevance['level'] {
  if (evidence >= STRONG_EVIDENCE) return 'strong'
  return evidence >= SELECT_DEFAULTS.minEvidence ? 'partial' : 'weak'
}

/**
 * The badge level of a text for a question: by evidence, and not `strong` when the text holds only
 * one of the several words of what the question asks about. Evidence is an IDF-weighted share, so
 * one word that is rare among the retrieved passages can carry it past STRONG_EVIDENCE alone
 * ("growing revenue" in a bonus paragraph, for a question about revenue growth in 2011). Measured on
 * the tuning sets, then the check sets: strong citations on a gold page 55.9 → 58.5 % (tuning),
 * 47.1 → 52.9 % (check); requiring also a figure of the asked kind beside the subject lowered check.
 */
function levelOf(text: string, evidence: number, q: QuestionAnalysis): Relevance['level'] {
  // "What does the filer do?" asks for what describes it, in no words but its name: a text from
  // its description that speaks of it matches in full (form-answers.ts).
  if (q.formAnswer === 'description') return speaksOf(text, q.own ?? [], stemsOf) ? 'strong' : 'weak'
  // "Which exchange …?" is answered by Item 501(b)(4)'s sentence, in the form's words, not the question's.
  if (q.formAnswer === 'market' && printsListing(text)) return 'strong'
  const level = relevanceLevel(evidence)
  if (level !== 'strong') return level
  const about = subjectTerms(q).filter((t) => !t.includes(' '))
  const held = new Set(stemsOf(text))
  const shared = about.filter((t) => held.has(t)).length
  return shared >= Math.min(2, about.length) ? 'strong' : 'partial'
}

const LEVELS: readonly Relevance['level'][] = ['weak', 'partial', 'strong']

/**
 * What lies between citations written together ("[p.45, p.46]", "p.45 and 46", "[p.4] and [p.5]"):
 * brackets, commas, "and", "&" and page prefixes, no words of its own.
 */
const JOINER = /^[\s,;&[\]()]*(?:(?:and|pp?\.|pages?)[\s,;&[\]()]*)*$/i

/**
 * The text each citation supports: from the previous citation or the start of its line; a citation
 * preceded only by a joiner supports the same text as the one before it (else the second page of
 * "[p.45, p.46]" was measured on ", p." and rated weak).
 */
function supported(answer: string): { page: string; text: string }[] {
  let prevEnd = 0
  let prevText = ''
  return findCitations(answer).map((c) => {
    const lineStart = answer.lastIndexOf('\n', c.index - 1) + 1
    const own = answer.slice(Math.max(prevEnd, lineStart), c.index)
    const text = JOINER.test(own) ? prevText : own
    prevEnd = c.index + c.length
    prevText = text
    return { page: c.page, text }
  })
}

/** Citations with their relevance: per page, the best of the texts citing it. */
export function withRelevance(
  question: string | QuestionAnalysis,
  answer: string,
  hits: readonly SearchHit[],
  citations: readonly Citation[],
  company = '',
  parts: readonly { analysis: QuestionAnalysis; hits: readonly SearchHit[] }[] | null = null,
): Citation[] {
  const q = typeof question === 'string' ? analyzeQuestion(question, company) : question
  // A compound question's quote answers one of its parts: it is measured against each part (over
  // that part's passages) and keeps its best match.
  const scorers = (parts?.length ? parts.map((p) => ({ q: p.analysis, hits: p.hits })) : [{ q, hits }]).map(
    (p) => ({ q: p.q, model: evidenceModel(p.q, p.hits) }),
  )
  const best = new Map<string, { score: number; level: Relevance['level'] }>()
  let last = { score: 0, level: 'weak' as Relevance['level'] }
  for (const s of supported(answer)) {
    // Citations written together ("[p.4, p.5]") share the text before the first of them.
    if (s.text.trim()) {
      last = { score: 0, level: 'weak' }
      for (const { q: pq, model } of scorers) {
        const evidence = model.measure(s.text).evidence
        const level = levelOf(s.text, evidence, pq)
        // A description matches by what it speaks of, not by shared words (levelOf).
        const score = pq.formAnswer === 'description' ? (level === 'strong' ? 1 : 0) : evidence
        if (
          LEVELS.indexOf(level) > LEVELS.indexOf(last.level) ||
          (level === last.level && score > last.score)
        )
          last = { score, level }
      }
    }
    const seen = best.get(s.page)
    if (
      !seen ||
      LEVELS.indexOf(last.level) > LEVELS.indexOf(seen.level) ||
      (last.level === seen.level && last.score > seen.score)
    )
      best.set(s.page, last)
  }
  return citations.map((c) => {
    const b = best.get(c.page) ?? { score: 0, level: 'weak' as Relevance['level'] }
    const score = Math.round(b.score * 1000) / 1000
    return { ...c, relevance: { level: b.level, score } }
  })
}
