/**
 * The chunks printing a statement the question asks about, for the rerank pool. A statement page
 * is a dense table whose line items each appear once, so a question's words rarely rank it among
 * the candidates; searched with the statement's own titles and description (vocabulary.ts), its
 * chunks come first, and those filed under the statement are taken.
 */
import type { StatementId } from './financial-terms'
import { statementsOfChunk } from './statements'
import type { SearchHit, SearchQuery, Store } from './store/types'
import { keywordTerms } from './terms'
import { FORM_SECTIONS } from './vocabulary'

/**
 * Chunks taken per asked statement: a statement page spans one or two chunks of 300 words (1 to 5
 * measure the same on every group).
 */
export const STATEMENT_CHUNKS = 2

const TERMS = new Map<string, string[]>()
function statementTerms(id: StatementId): string[] {
  let t = TERMS.get(id)
  if (!t) {
    const s = FORM_SECTIONS.find((x) => x.id === id)
    t = s
      ? [...new Set(keywordTerms(`${s.titles.join(' ')} ${s.description}`).filter((x) => !x.includes(' ')))]
      : []
    TERMS.set(id, t)
  }
  return t
}

/** Chunks under each asked statement not already in `have`, found by the statement's own words. */
export async function statementChunks(
  store: Store,
  filing: string,
  statements: readonly StatementId[],
  have: readonly SearchHit[],
  query: Pick<SearchQuery, 'fieldWeights' | 'idf'>,
): Promise<SearchHit[]> {
  const seen = new Set(have.map((h) => h.chunk.id))
  const out: SearchHit[] = []
  for (const id of statements) {
    const hits = await store.search(filing, { ...query, terms: statementTerms(id), vector: null, k: 50 })
    let taken = 0
    for (const h of hits) {
      if (taken >= STATEMENT_CHUNKS) break
      if (!statementsOfChunk(h.chunk).has(id)) continue
      taken++
      if (seen.has(h.chunk.id)) continue
      seen.add(h.chunk.id)
      out.push({ ...h, score: 0 })
    }
  }
  return out
}
