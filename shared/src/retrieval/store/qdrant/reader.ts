/**
 * Reads of one live Qdrant version: the hybrid search as ONE Query API round trip
 * (`/points/query/batch`: the fused query, prefetch dense + prefetch bm25 with RRF k = 60, plus the
 * two candidate lists as ids only, from which the per-list ranks come) and the printed pages.
 */
import type { Schemas } from '@qdrant/js-client-rest'
import type { PageRecord } from '../../../contract/chunk'
import { RRF_K } from '../../fusion'
import { ROW_HOSTS } from '../../rows'
import { lineItemTerms, ownTerms } from '../common'
import { candidateCount, fuseCandidates } from '../fusion'
import { type SearchHit, type SearchQuery, UnknownFilingError } from '../types'
import type { QdrantHttp } from './http'
import {
  type ChunkPayload,
  DENSE,
  kindIs,
  type MetaPayload,
  type PagePayload,
  type Record_,
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
  if (query.rows && (m.rows ?? 0) > 0 && lineItem.length)
    return searchWithRows(http, { collection, filing, meta: m }, ranked, { sparse, lineItem }, query.k, n)
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

/**
 * Search with table-row units as a third list: a row lifts its host chunk, never takes a slot. Qdrant
 * cannot fuse a row into another point, so the lists come back as ids (one batch), RRF runs here
 * (the same fuseCandidates as SQLite) and the top chunks' payloads are fetched in a second call.
 */
async function searchWithRows(
  http: QdrantHttp,
  { collection, filing, meta: m }: LiveVersion,
  ranked: Schemas['QueryRequest'][],
  { sparse, lineItem }: { sparse: Schemas['SparseVector']; lineItem: string[] },
  k: number,
  n: number,
): Promise<SearchHit[]> {
  // Several rows of one table share a host: read more rows than hosts wanted.
  const rowSearch: Schemas['QueryRequest'] = {
    query: sparse,
    using: ROW_SPARSE,
    // A row counts only when its label names one of the line-item terms (as SQLite's label column).
    filter: { must: [{ key: 'label_terms', match: { any: lineItem } }] },
    limit: n * 4,
    with_payload: { include: ['host'] },
    with_vector: false,
  }
  const results = await readPoints<Schemas['QueryResponse'][]>(
    http,
    collection,
    '/points/query/batch',
    { searches: [...ranked, rowSearch] } satisfies Schemas['QueryRequestBatch'],
    filing,
  )
  const ids = (i: number) => (results[i]?.points ?? []).map((p) => String(p.id))
  const dense = ranked.length === 2 ? ids(0) : []
  const keyword = ids(ranked.length - 1)
  const hosts = [
    ...new Set(
      (results[ranked.length]?.points ?? []).map((p) => String((p.payload as unknown as RowPayload).host)),
    ),
  ].slice(0, ROW_HOSTS)
  const fused = fuseCandidates(dense, keyword, k, hosts)
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
