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

/**
 * A filing's statement chunks do not depend on the question: they are kept per filing, statement
 * and search options, and used while the question's own hits come from the same version (a
 * re-ingest makes a new version with new chunk ids). Bounded: cleared past CACHE_ENTRIES.
 */
const FOUND = new Map<string, { version: string; hits: SearchHit[] }>()
const CACHE_ENTRIES = 5_000

async function chunksOf(
  store: Store,
  filing: string,
  id: StatementId,
  version: string | undefined,
  query: Pick<SearchQuery, 'fieldWeights' | 'idf' | 'headingB'>,
): Promise<SearchHit[]> {
  const key = `${filing}\u0000${id}\u0000${JSON.stringify(query)}`
  const known = FOUND.get(key)
  if (known && version !== undefined && known.version === version) return known.hits
  const hits = (await store.search(filing, { ...query, terms: statementTerms(id), vector: null, k: 50 }))
    .filter((h) => statementsOfChunk(h.chunk).has(id))
    .slice(0, STATEMENT_CHUNKS)
    .map((h) => ({ ...h, score: 0 }))
  const found = hits[0]?.chunk.version ?? version
  if (found !== undefined) {
    if (FOUND.size >= CACHE_ENTRIES) FOUND.clear()
    FOUND.set(key, { version: found, hits })
  }
  return hits
}

/** Chunks printing each asked statement not already in `have`, found by the statement's own words. */
export async function statementChunks(
  store: Store,
  filing: string,
  statements: readonly StatementId[],
  have: readonly SearchHit[],
  query: Pick<SearchQuery, 'fieldWeights' | 'idf' | 'headingB'>,
): Promise<SearchHit[]> {
  const seen = new Set(have.map((h) => h.chunk.id))
  const version = have[0]?.chunk.version
  const out: SearchHit[] = []
  for (const id of statements)
    for (const h of await chunksOf(store, filing, id, version, query)) {
      if (seen.has(h.chunk.id)) continue
      seen.add(h.chunk.id)
      out.push(h)
    }
  return out
}
