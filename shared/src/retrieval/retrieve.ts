/**
 * Retrieval as the server and the evaluation call it: embed the question (unless the embedder is
 * missing, which means keyword-only), then one hybrid search in the filing's live version.
 */
import type { Embedder } from './embedder'
import type { SearchHit, Store } from './store/types'

export interface RetrieveOptions {
  /** Candidates per list before fusion (the store takes at least 50). */
  candidates?: number
}

export async function retrieve(
  store: Store,
  embedder: Embedder,
  filing: string,
  question: string,
  k: number,
  options: RetrieveOptions = {},
): Promise<SearchHit[]> {
  const vector = embedder.status === 'ready' ? await embedder.embedQuery(question) : null
  return store.search(filing, { text: question, vector, k, candidates: options.candidates })
}
