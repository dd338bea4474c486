/**
 * The second badge fact of a citation: how well the text it supports matches the question, kept
 * apart from whether the text is on its page (verify.ts). Both modes are measured the same way,
 * with the extractive ranker's evidence (question terms weighted by rarity over the retrieved
 * passages, names weighed up), so a quote that is on its page but about something else is `weak`.
 */
import type { Citation, Relevance } from '@asks1/shared/contract/api'
import { findCitations } from '@asks1/shared/contract/citations'
import type { SearchHit } from '@asks1/shared/store'
import { analyzeQuestion, type QuestionAnalysis } from './question'
import { evidenceModel } from './rank'
import { SELECT_DEFAULTS } from './select'

/** Evidence at which a passage holds the question's key terms (calibrated with the abstention threshold). */
export const STRONG_EVIDENCE = 0.5

export function relevanceLevel(evidence: number): Relevance['level'] {
  if (evidence >= STRONG_EVIDENCE) return 'strong'
  return evidence >= SELECT_DEFAULTS.minEvidence ? 'partial' : 'weak'
}

/** The text each citation supports: from the previous citation or the start of its line. */
function supported(answer: string): { page: string; text: string }[] {
  let prevEnd = 0
  return findCitations(answer).map((c) => {
    const lineStart = answer.lastIndexOf('\n', c.index - 1) + 1
    const text = answer.slice(Math.max(prevEnd, lineStart), c.index)
    prevEnd = c.index + c.length
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
): Citation[] {
  const q = typeof question === 'string' ? analyzeQuestion(question, company) : question
  const model = evidenceModel(q, hits)
  const best = new Map<string, number>()
  let lastScored = 0
  for (const s of supported(answer)) {
    // Citations written together ("[p.4, p.5]") share the text before the first of them.
    const score = s.text.trim() ? model.measure(s.text).evidence : lastScored
    lastScored = score
    best.set(s.page, Math.max(best.get(s.page) ?? 0, score))
  }
  return citations.map((c) => {
    const score = Math.round((best.get(c.page) ?? 0) * 1000) / 1000
    return { ...c, relevance: { level: relevanceLevel(score), score } }
  })
}
