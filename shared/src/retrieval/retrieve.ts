/**
 * Retrieval as the server and the evaluation call it: analyse the question once (terms, periods,
 * answer type), embed it unless the embedder is missing (keyword-only), one hybrid search in the
 * filing's live version for a candidate pool (the question's terms, and at lower weights the words
 * WordNet derives from them and their synonyms), then a passage-level rerank of the pool.
 */
import type { Embedder } from './embedder'
import { ALL_FEATURES, FIELD_B, FIELD_WEIGHTS, type RetrievalFeatures } from './features'
import { analyzeQuery, type QueryAnalysis, searchTerms } from './query'
import { RERANK_POOL, type RerankWeights, rerank } from './rerank'
import { asksForFigure } from './rows'
import { statementChunks } from './statement-pool'
import { FTS5_B } from './store/sqlite/bm25'
import type { SearchHit, Store } from './store/types'

export interface RetrieveOptions {
  /** Candidates per list before fusion (the store takes at least 50). */
  candidates?: number
  /** Components to use (all by default; see features.ts). */
  features?: RetrievalFeatures
  /** Field weights relative to the body (default FIELD_WEIGHTS). */
  fieldWeights?: { heading: number; form: number }
  /** Rerank evidence weights (default RERANK_WEIGHTS). */
  rerankWeights?: RerankWeights
  /** Query weight of the derivationally related terms (default wordnet.ts DERIVE_WEIGHT; feature `derive`). */
  deriveWeight?: number
  /** Query weight of the synonyms (default wordnet.ts SYNONYM_WEIGHT; feature `synonyms`). */
  synonymWeight?: number
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
  const features = options.features ?? ALL_FEATURES
  const q = await analyzeWithVector(
    embedder,
    typeof question === 'string'
      ? analyzeQuery(question, { frame: features.frame, instructions: features.instructions })
      : question,
  )
  const fieldWeights = {
    heading: features.heading ? (options.fieldWeights?.heading ?? FIELD_WEIGHTS.heading) : 0,
    form: features.form ? (options.fieldWeights?.form ?? FIELD_WEIGHTS.form) : 0,
  }
  const idf = features.idf ? 'lucene' : 'fts5'
  const headingB = features.pathb ? FIELD_B.heading : FTS5_B
  let hits = await store.search(filing, {
    // The question's terms, and WordNet's relatives of its words at lower weights (query.ts).
    ...searchTerms(q, {
      derive: features.derive,
      synonyms: features.synonyms,
      captions: features.captions,
      acronyms: features.acronyms,
      titles: features.titles,
      deriveWeight: options.deriveWeight,
      synonymWeight: options.synonymWeight,
    }),
    vector: q.vector ?? null,
    k: features.rerank ? Math.max(k, RERANK_POOL) : k,
    candidates: options.candidates,
    rows: features.rows && asksForFigure(q),
    idf,
    fieldWeights,
    headingB,
  })
  if (features.rerank && features.statements && q.statements?.length)
    hits = [
      ...hits,
      ...(await statementChunks(store, filing, q.statements, hits, { fieldWeights, idf, headingB })),
    ]
  return features.rerank ? rerank(q, hits, features, options.rerankWeights).slice(0, k) : hits
}
