/**
 * Reads of one live Qdrant version: the hybrid search as ONE Query API round trip
 * (`/points/query/batch`: the fused query, prefetch dense + prefetch bm25 with RRF k = 60, plus the
 * two candidate lists as ids only, from which the per-list ranks come) and the printed pages.
 */
import type { Schemas } from '@qdrant/js-client-rest'
import type { PageRecord } from '../../../contract/chunk'
import { RRF_K } from '../../fusion'
import { lineItemTerms, ownTerms } from '../common'
import { candidateCount, fuseCandidates, rowHostList } from '../fusion'
import { type SearchHit, type SearchQuery, UnknownFilingError } from '../types'
import type { QdrantHttp } from './http'
import {
  type ChunkPayload,
  DENSE,
  kindIs,
  type MetaPayload,
  type PagePayload,
  type Record_,
  ROW_DENSE,
  ROW_SPARSE,
  type RowPayload,
  type ScoredPoint,
  SPARSE,
  toChunk,
  toPage,
} from './schema'
import { querySparse } from './sparse'

const path = (collection: string, rest = '') => `/collections/${encodeURIComponent(collection)}${rest}`

/** POSTs a read; a missing collection or alias means the filing was never ingested. */
export async function readPoints<T>(
  http: QdrantHttp,
  collection: string,
  rest: string,
  body: unknown,
  filing = collection,
): Promise<T> {
  const res = await http.call<T>('POST', path(collection, rest), body, true)
  if (res === null) throw new UnknownFilingError(filing)
  return res
}

/** One concrete version collection (reads never go through the alias twice in one search). */
export interface LiveVersion {
  collection: string
  filing: string
  meta: MetaPayload
}

export async function searchVersion(
  http: QdrantHttp,
  { collection, filing, meta: m }: LiveVersion,
  query: SearchQuery,
): Promise<SearchHit[]> {
  const n = candidateCount(query.k, query.candidates)
  const sparse = querySparse(query.terms, query.termWeights)
  if (query.vector && m.embedded && query.vector.length !== m.dim) {
    throw new Error(
      `Query vector has ${query.vector.length} dimensions but ${filing}@${m.version} was embedded with ${m.dim}; re-ingest with the current model`,
    )
  }
  const dense = query.vector && m.embedded ? [Array.from(query.vector)] : null
  const lists: Schemas['Prefetch'][] = []
  if (dense) lists.push({ query: dense, using: DENSE, limit: n })
  if (sparse.indices.length) lists.push({ query: sparse, using: SPARSE, limit: n })
  if (lists.length === 0) return []
  const fused: Schemas['QueryRequest'] =
    lists.length === 2
      ? { prefetch: lists, query: { rrf: { k: RRF_K } }, limit: query.k, with_payload: true }
      : { ...(lists[0] as Schemas['QueryRequest']), limit: query.k, with_payload: true }
  const ranked = lists.map((l): Schemas['QueryRequest'] => ({
    ...l,
    with_payload: false,
    with_vector: false,
  }))
  // A row's label must hold one of the question's own terms, not an expansion (WordNet's).
  const lineItem = lineItemTerms(ownTerms(query))
  const rowLists = query.rows && (m.rows ?? 0) > 0 ? rowSearches(m, dense, sparse, lineItem, n) : null
  if (rowLists) {
    const chunkLists = {
      dense: dense ? (ranked[0] ?? null) : null,
      keyword: (sparse.indices.length ? ranked.at(-1) : null) ?? null,
    }
    return searchWithRows(http, { collection, filing, meta: m }, chunkLists, rowLists, query.k)
  }
  const batch: Schemas['QueryRequestBatch'] = { searches: [fused, ...ranked] }
  const [top, ...rankLists] = await readPoints<Schemas['QueryResponse'][]>(
    http,
    collection,
    '/points/query/batch',
    batch,
    filing,
  )
  const rankOf = (i: number) => new Map((rankLists[i]?.points ?? []).map((p, r) => [String(p.id), r + 1]))
  const denseRanks = dense ? rankOf(0) : new Map<string, number>()
  const keywordRanks = sparse.indices.length ? rankOf(dense ? 1 : 0) : new Map<string, number>()
  return (top?.points ?? []).map((p: ScoredPoint) => {
    const hit: SearchHit = {
      chunk: toChunk(p.payload as unknown as ChunkPayload, filing, m.version),
      score: p.score,
    }
    const d = denseRanks.get(String(p.id))
    const k = keywordRanks.get(String(p.id))
    if (d !== undefined) hit.denseRank = d
    if (k !== undefined) hit.keywordRank = k
    // Without fusion the score is the raw similarity; report the RRF score of the single list instead.
    if (lists.length === 1) hit.score = 1 / (RRF_K + (d ?? k ?? 0))
    return hit
  })
}

/** A dense and a keyword list request, either absent. */
interface ListPair {
  dense: Schemas['QueryRequest'] | null
  keyword: Schemas['QueryRequest'] | null
}

/**
 * The row lists' requests: keyword (ROW_SPARSE, rows whose label holds a line-item term) and dense
 * (ROW_DENSE, when the version's rows carry vectors); null when neither applies.
 */
function rowSearches(
  m: MetaPayload,
  dense: number[][] | null,
  sparse: Schemas['SparseVector'],
  lineItem: string[],
  n: number,
): ListPair | null {
  // Several rows of one table share a host: read more rows than hosts wanted.
  const common = { limit: n * 4, with_payload: { include: ['host'] }, with_vector: false }
  const keyword: Schemas['QueryRequest'] | null = lineItem.length
    ? {
        query: sparse,
        using: ROW_SPARSE,
        // A row counts only when its label names one of the line-item terms (as SQLite's label column).
        filter: { must: [{ key: 'label_terms', match: { any: lineItem } }] },
        ...common,
      }
    : null
  const denseRows: Schemas['QueryRequest'] | null =
    dense && (m.row_vectors ?? 0) > 0 ? { query: dense, using: ROW_DENSE, ...common } : null
  return keyword || denseRows ? { dense: denseRows, keyword } : null
}

/**
 * Search with table-row units as a third list: a row lifts its host chunk, never takes a slot. Qdrant
 * cannot fuse a row into another point, so the lists come back as ids (one batch), RRF runs here
 * (the same fuseCandidates and rowHostList as SQLite) and the top chunks' payloads are fetched in a
 * second call.
 */
async function searchWithRows(
  http: QdrantHttp,
  { collection, filing, meta: m }: LiveVersion,
  chunkLists: ListPair,
  rowLists: ListPair,
  k: number,
): Promise<SearchHit[]> {
  const requests = [chunkLists.dense, chunkLists.keyword, rowLists.dense, rowLists.keyword]
  const searches = requests.filter((r): r is Schemas['QueryRequest'] => r !== null)
  const results = await readPoints<Schemas['QueryResponse'][]>(
    http,
    collection,
    '/points/query/batch',
    { searches } satisfies Schemas['QueryRequestBatch'],
    filing,
  )
  // Each request's points (empty for an absent request), in the order of `requests`.
  const points = requests.map((r) => (r ? (results[searches.indexOf(r)]?.points ?? []) : []))
  const ids = (i: number) => (points[i] ?? []).map((p) => String(p.id))
  const hostOf = new Map(
    [...(points[2] ?? []), ...(points[3] ?? [])].map((p) => [
      String(p.id),
      String((p.payload as unknown as RowPayload).host),
    ]),
  )
  const hosts = rowHostList(ids(2), ids(3), (row) => hostOf.get(row))
  const fused = fuseCandidates(ids(0), ids(1), k, hosts)
  if (fused.length === 0) return []
  const req: Schemas['PointRequest'] = {
    ids: fused.map((f) => Number(f.id)),
    with_payload: true,
    with_vector: false,
  }
  const records = await readPoints<Record_[]>(http, collection, '/points', req, filing)
  const byId = new Map(records.map((r) => [String(r.id), r]))
  const hits: SearchHit[] = []
  for (const f of fused) {
    const r = byId.get(f.id)
    if (!r) continue
    const chunk = toChunk(r.payload as unknown as ChunkPayload, filing, m.version)
    hits.push({ chunk, score: f.score, ...f.ranks })
  }
  return hits
}

/**
 * A version with printed pages serves only those; its unnumbered pages (kept for the amendment report)
 * are read with `readVersionPages` alone.
 */
export const printedOnly = (fallbackVersion: boolean): Pick<Schemas['Filter'], 'must_not'> =>
  fallbackVersion ? {} : { must_not: [{ key: 'fallback', match: { value: true } }] }

/** A printed page of one version collection, or null. */
export async function readVersionPage(
  http: QdrantHttp,
  collection: string,
  filing: string,
  label: string,
  fallbackVersion = false,
): Promise<PageRecord | null> {
  const req: Schemas['ScrollRequest'] = {
    filter: {
      must: [kindIs('page'), { key: 'label', match: { value: label } }],
      ...printedOnly(fallbackVersion),
    },
    limit: 1,
    with_payload: true,
    with_vector: false,
  }
  const res = await readPoints<Schemas['ScrollResult']>(http, collection, '/points/scroll', req, filing)
  const p = res.points[0]?.payload as unknown as PagePayload | undefined
  return p ? toPage(p) : null
}

/** Every printed page of one version collection, in document order (ids are PAGE_BASE + ordinal). */
export async function readVersionPages(
  http: QdrantHttp,
  collection: string,
  filing: string,
): Promise<PageRecord[]> {
  const pages: PageRecord[] = []
  let offset: Schemas['ExtendedPointId'] | null | undefined
  do {
    const req: Schemas['ScrollRequest'] = {
      filter: { must: [kindIs('page')] },
      limit: 256,
      with_payload: true,
      with_vector: false,
      ...(offset !== undefined && offset !== null ? { offset } : {}),
    }
    const res = await readPoints<Schemas['ScrollResult']>(http, collection, '/points/scroll', req, filing)
    for (const p of res.points) pages.push(toPage(p.payload as unknown as PagePayload))
    offset = res.next_page_offset as Schemas['ExtendedPointId'] | null | undefined
  } while (offset !== undefined && offset !== null)
  return pages
}

/** Every printed page label of one version collection, in document order. */
export async function readPageLabels(
  http: QdrantHttp,
  collection: string,
  filing: string,
  fallbackVersion = false,
): Promise<string[]> {
  const labels: string[] = []
  let offset: Schemas['ExtendedPointId'] | null | undefined
  do {
    const req: Schemas['ScrollRequest'] = {
      filter: { must: [kindIs('page')], ...printedOnly(fallbackVersion) },
      limit: 1000,
      with_payload: { include: ['label'] },
      with_vector: false,
      ...(offset !== undefined && offset !== null ? { offset } : {}),
    }
    const res = await readPoints<Schemas['ScrollResult']>(http, collection, '/points/scroll', req, filing)
    // Page ids are PAGE_BASE + ordinal and scroll returns ids in order: document order.
    for (const p of res.points) labels.push((p.payload as { label: string }).label)
    offset = res.next_page_offset as Schemas['ExtendedPointId'] | null | undefined
  } while (offset !== undefined && offset !== null)
  return labels
}
