/**
 * Retrieval as the server and the evaluation call it: analyse the question once (terms, periods,
 * answer type), embed it unless the embedder is missing (keyword-only), then one hybrid search in
 * the filing's live version.
 */
import type { Embedder } from './embedder'
import { analyzeQuery, type QueryAnalysis } from './query'
import type { SearchHit, Store } from './store/types'

export interface RetrieveOptions {
  /** Candidates per list before fusion (the store takes at least 50). */
  candidates?: number
}

/** The question's analysis with its vector filled in when the embedder is ready. */
export async function analyzeWithVector(
  embedder: Embedder,
  question: string | QueryAnalysis,
): Promise<QueryAnalysis> {
  const q = typeof question === 'string' ? analyzeQuery(question) : question
  if (q.vector !== undefined) return q
  return { ...q, vector: embedder.status === 'ready' ? await embedder.embedQuery(q.text) : null }
}

export async function retrieve(
  store: Store,
  embedder: Embedder,
  filing: string,
  question: string | QueryAnalysis,
  k: number,
  options: RetrieveOptions = {},
): Promise<SearchHit[]> {
  const q = await analyzeWithVector(embedder, question)
  return store.search(filing, { terms: q.terms, vector: q.vector ?? null, k, candidates: options.candidates })
}
