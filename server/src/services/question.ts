/** One question on its way through the answer service (answer.ts, answer-text.ts). */
import type { AskBody, Source } from '@asks1/shared/contract/api'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import type { retrieve } from '@asks1/shared/retrieval'
import type { FilingStatus } from '@asks1/shared/store'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ExtractiveResult } from '../answer/extractive'
import type { QuestionAnalysis } from '../answer/question'
import type { Attempt } from './attempt'
import type { Lifetime } from './lifetime'

export type Hits = Awaited<ReturnType<typeof retrieve>>

export interface Question {
  request: FastifyRequest
  reply: FastifyReply
  body: AskBody
  filing: LoadedFiling
  status: FilingStatus
  life: Lifetime
  attempt: Attempt
  /** The question's one analysis (retrieval, answer and relevance all read it); null for a change question. */
  analysis: QuestionAnalysis | null
  hits: Hits
  /**
   * A question that asks two things ("…, and how fast did it grow?"): each part's analysis and its
   * own retrieved passages (`hits` is then their fusion). Null for a question that asks one thing.
   */
  parts: { analysis: QuestionAnalysis; hits: Hits }[] | null
  /** A question about what an amendment changed, answered from the change report (else null). */
  changes: { answer: string; sources: Source[] } | null
  started: number
  /** The extractive answer, when there is one: its abstention decides whether the question counts. */
  extractive: ExtractiveResult | null
}
