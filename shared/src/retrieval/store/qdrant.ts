/**
 * Qdrant store: one collection per filing VERSION, an alias named after the filing pointing at the
 * live one (the alias swap is Qdrant's atomic switch), so cross-filing leakage is impossible by
 * construction and readers never see a half-built version.
 *
 * Each version collection holds three kinds of points:
 *   - chunks (id 1…): a named dense MULTIVECTOR `dense` (one vector per embedding window, comparator
 *     max_sim, so a chunk scores by its best window natively and one point = one chunk in every
 *     candidate list) plus a sparse vector `bm25` (modifier idf: Qdrant supplies the IDF, we store
 *     the saturated term frequency);
 *   - pages (id PAGE_BASE + ordinal), payload only: the printed page texts;
 *   - one meta point (id 0), payload only, written at commit: the version's status.
 * Search is ONE Query API round trip (`/points/query/batch`): the fused query (prefetch dense +
 * prefetch bm25, RRF k = 60) plus the two candidate lists as ids only, from which the per-list ranks
 * in `SearchHit` come.
 *
 * Transport: the official client (`@qdrant/js-client-rest` 1.18) hard-wires its own undici 6 Agent
 * into global fetch and has no dispatcher option (dist/esm/dispatcher.js, api-client.js), so no
 * retrying dispatcher can sit under it. The adapter therefore speaks Qdrant's REST API through an
 * undici 7 HTTP/1.1 keep-alive `Agent` wrapped in a `RetryAgent` (bounded retries with exponential
 * backoff on connection resets, timeouts and 502/503/504), and takes its request and response types
 * from the client package's `Schemas`, which are generated from the same OpenAPI document the
 * tests validate every request against.
 */
import type { Schemas } from '@qdrant/js-client-rest'
import { Agent, type Dispatcher, RetryAgent } from 'undici'
import type { Chunk, Matter, PageRecord } from '../../contract/chunk'
import { keywordTerms, searchTerms } from '../terms'
import { assertSafeName, chunkKeywordText, newVersionName, versionTime } from './common'
import { candidateCount, RRF_K } from './fusion'
import {
  type ChunkInput,
  type FilingStatus,
  type SearchHit,
  type SearchQuery,
  type Store,
  UnknownFilingError,
  type VersionCommit,
  type VersionWriter,
} from './types'

const DENSE = 'dense'
const SPARSE = 'bm25'
const META_ID = 0
const PAGE_BASE = 1_000_000_000
const VERSION_SEP = '__v_'
const UPSERT_BATCH = 64
/** BM25's term-frequency saturation. Chunks are all ~400 words, so length normalisation (b) is 0. */
const BM25_K1 = 1.2

export interface QdrantStoreOptions {
  url: string
  apiKey?: string
  /** Per-attempt timeout for headers and body (ms). */
  timeoutMs?: number
  /** Retries after the first attempt. */
  maxRetries?: number
  /** First backoff (ms), doubled each retry. */
  minBackoffMs?: number
}

export class QdrantHttpError extends Error {
  override name = 'QdrantHttpError'
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`Qdrant ${method} ${path} → ${status}: ${body.slice(0, 300)}`)
  }
}

/** FNV-1a 32-bit: a term's sparse index. Stable across processes and releases (unlike a vocabulary). */
export function termIndex(term: string): number {
  let h = 0x811c9dc5
  for (const byte of Buffer.from(term, 'utf8')) {
    h ^= byte
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** A document's sparse vector: saturated term frequency per term (hash collisions merged). */
export function documentSparse(text: string): Schemas['SparseVector'] {
  const tf = new Map<number, number>()
  for (const t of keywordTerms(text)) {
    const i = termIndex(t)
    tf.set(i, (tf.get(i) ?? 0) + 1)
  }
  const indices = [...tf.keys()].sort((a, b) => a - b)
  return { indices, values: indices.map((i) => bm25Tf(tf.get(i) as number)) }
}

function bm25Tf(tf: number): number {
  return (tf * (BM25_K1 + 1)) / (tf + BM25_K1)
}

/**
 * A question's sparse vector: each distinct search term once, the filing vocabulary its wording
 * maps to included (Qdrant multiplies in the IDF).
 */
export function querySparse(text: string): Schemas['SparseVector'] {
  const indices = [...new Set(searchTerms(text).map(termIndex))].sort((a, b) => a - b)
  return { indices, values: indices.map(() => 1) }
}

export const versionCollection = (filing: string, version: string) => `${filing}${VERSION_SEP}${version}`

/** Minimal typed REST client over one retrying keep-alive dispatcher. */
export class QdrantHttp {
  private readonly dispatcher: Dispatcher
  private readonly agent: Agent
  private readonly origin: string
  private readonly basePath: string
  private readonly headers: Record<string, string>

  constructor(options: QdrantStoreOptions) {
    const url = new URL(options.url)
    this.origin = url.origin
    this.basePath = url.pathname.replace(/\/$/, '')
    const timeout = options.timeoutMs ?? 30_000
    // HTTP/1.1 (allowH2 off) with keep-alive: cached HTTP/2 sessions went stale in the old system.
    this.agent = new Agent({
      allowH2: false,
      keepAliveTimeout: 10_000,
      connections: 16,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connect: { timeout },
    })
    this.dispatcher = new RetryAgent(this.agent, {
      maxRetries: options.maxRetries ?? 3,
      minTimeout: options.minBackoffMs ?? 200,
      maxTimeout: 5_000,
      timeoutFactor: 2,
      // Every request the adapter sends is idempotent (upserts carry ids; reads; alias sets), so
      // POST retries are safe here.
      methods: ['GET', 'PUT', 'POST', 'DELETE'],
      statusCodes: [502, 503, 504],
      errorCodes: [
        'ECONNRESET',
        'ECONNREFUSED',
        'EPIPE',
        'ETIMEDOUT',
        'UND_ERR_SOCKET',
        'UND_ERR_CONNECT_TIMEOUT',
        'UND_ERR_HEADERS_TIMEOUT',
        'UND_ERR_BODY_TIMEOUT',
      ],
      // Hand the last 5xx to us (as a response) rather than a bare error, so the message has the body.
      throwOnError: false,
    })
    this.headers = {
      'content-type': 'application/json',
      ...(options.apiKey ? { 'api-key': options.apiKey } : {}),
    }
  }

  /** Sends one request; returns Qdrant's `result`, or null for a 404 when `allow404`. */
  async call<T>(
    method: Dispatcher.HttpMethod,
    path: string,
    body?: unknown,
    allow404 = false,
  ): Promise<T | null> {
    const res = await this.dispatcher.request({
      origin: this.origin,
      path: this.basePath + path,
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.body.text()
    if (res.statusCode === 404 && allow404) return null
    if (res.statusCode < 200 || res.statusCode >= 300)
      throw new QdrantHttpError(method, path, res.statusCode, text)
    const json = text ? (JSON.parse(text) as { result?: T }) : {}
    return (json.result ?? null) as T | null
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
    await this.agent.close().catch(() => {})
  }
}

interface ChunkPayload {
  kind: 'chunk'
  chunk_id: string
  ordinal: number
  text: string
  pages: string[]
  pdf_pages: number[]
  section: string | null
  fallback: boolean
}

interface PagePayload {
  kind: 'page'
  ord: number
  label: string
  pdf_pages: number[]
  text: string
  matter: Matter
  fallback: boolean
}

interface MetaPayload {
  kind: 'meta'
  filing: string
  version: string
  chunks: number
  pages: number
  dim: number | null
  embedded: boolean
  fallback: boolean
  ingested_at: string
  meta: Record<string, unknown>
}

type ScoredPoint = Schemas['ScoredPoint']
type Record_ = Schemas['Record']

class QdrantVersionWriter implements VersionWriter {
  private nextChunkId = 1
  private nextPageOrd = 1
  private chunks = 0
  private pages = 0
  private vectors = 0
  private anyFallback = false
  private done = false

  constructor(
    private readonly store: QdrantStore,
    readonly filing: string,
    readonly version: string,
    readonly dim: number | null,
  ) {}

  get collection(): string {
    return versionCollection(this.filing, this.version)
  }

  private check(): void {
    if (this.done) throw new Error(`Version ${this.filing}@${this.version} is already closed`)
  }

  private async upsert(points: Schemas['PointStruct'][]): Promise<void> {
    for (let i = 0; i < points.length; i += UPSERT_BATCH) {
      const body: Schemas['PointsList'] = { points: points.slice(i, i + UPSERT_BATCH) }
      await this.store.http.call(
        'PUT',
        `/collections/${encodeURIComponent(this.collection)}/points?wait=true`,
        body,
      )
    }
  }

  async addPages(pages: PageRecord[]): Promise<void> {
    this.check()
    const points = pages.map((p): Schemas['PointStruct'] => {
      const ord = this.nextPageOrd++
      const payload: PagePayload = {
        kind: 'page',
        ord,
        label: p.label,
        pdf_pages: p.pdfPages,
        text: p.text,
        matter: p.matter,
        fallback: p.fallback === true,
      }
      if (p.fallback) this.anyFallback = true
      return { id: PAGE_BASE + ord, vector: {}, payload: payload as unknown as Schemas['Payload'] }
    })
    await this.upsert(points)
    this.pages += pages.length
  }

  async addChunks(items: ChunkInput[]): Promise<void> {
    this.check()
    for (const { chunk, vectors } of items) {
      if (chunk.filing !== this.filing) {
        throw new Error(`Chunk ${chunk.id} belongs to filing "${chunk.filing}", not "${this.filing}"`)
      }
      if (vectors.length > 0 && !this.dim)
        throw new Error(`Chunk ${chunk.id} has vectors but the version has none`)
      for (const v of vectors) {
        if (v.length !== this.dim)
          throw new Error(`Chunk ${chunk.id}: vector of ${v.length} dimensions, expected ${this.dim}`)
      }
    }
    const points = items.map(({ chunk, vectors }): Schemas['PointStruct'] => {
      const payload: ChunkPayload = {
        kind: 'chunk',
        chunk_id: chunk.id,
        ordinal: chunk.ordinal,
        text: chunk.text,
        pages: chunk.pages,
        pdf_pages: chunk.pdfPages,
        section: chunk.section,
        fallback: chunk.fallback,
      }
      const vector: Record<string, Schemas['Vector']> = { [SPARSE]: documentSparse(chunkKeywordText(chunk)) }
      if (vectors.length) vector[DENSE] = vectors.map((v) => Array.from(v))
      if (vectors.length) this.vectors++
      if (chunk.fallback) this.anyFallback = true
      return { id: this.nextChunkId++, vector, payload: payload as unknown as Schemas['Payload'] }
    })
    await this.upsert(points)
    this.chunks += items.length
  }

  async commit(commit: VersionCommit = {}): Promise<FilingStatus> {
    this.check()
    if (this.chunks === 0)
      throw new Error(`Version ${this.filing}@${this.version} has no chunks; not committing`)
    const embedded = this.dim !== null && this.vectors === this.chunks
    if (this.dim !== null && this.vectors !== 0 && !embedded) {
      throw new Error(
        `Version ${this.filing}@${this.version}: ${this.chunks - this.vectors} chunks have no vectors`,
      )
    }
    const meta: MetaPayload = {
      kind: 'meta',
      filing: this.filing,
      version: this.version,
      chunks: this.chunks,
      pages: this.pages,
      dim: this.dim,
      embedded,
      fallback: this.anyFallback,
      ingested_at: new Date().toISOString(),
      meta: commit.meta ?? {},
    }
    await this.upsert([{ id: META_ID, vector: {}, payload: meta as unknown as Schemas['Payload'] }])
    await this.store.switchAlias(this.filing, this.collection)
    this.done = true
    this.store.forgetWriter(this)
    return metaToStatus(meta)
  }

  async abort(): Promise<void> {
    if (this.done) return
    this.done = true
    this.store.forgetWriter(this)
    await this.store.http.call(
      'DELETE',
      `/collections/${encodeURIComponent(this.collection)}`,
      undefined,
      true,
    )
  }
}

function metaToStatus(m: MetaPayload): FilingStatus {
  return {
    filing: m.filing,
    version: m.version,
    chunks: m.chunks,
    pages: m.pages,
    ingestedAt: m.ingested_at,
    embedded: m.embedded,
    fallback: m.fallback,
    meta: m.meta,
  }
}

function toChunk(p: ChunkPayload, filing: string, version: string): Chunk {
  return {
    id: p.chunk_id,
    filing,
    version,
    ordinal: p.ordinal,
    text: p.text,
    pages: p.pages,
    pdfPages: p.pdf_pages,
    section: p.section,
    fallback: p.fallback,
  }
}

function toPage(p: PagePayload): PageRecord {
  const page: PageRecord = { label: p.label, pdfPages: p.pdf_pages, text: p.text, matter: p.matter }
  if (p.fallback) page.fallback = true
  return page
}

const kindIs = (kind: string): Schemas['Condition'] => ({ key: 'kind', match: { value: kind } })

export class QdrantStore implements Store {
  readonly kind = 'qdrant' as const
  readonly http: QdrantHttp
  private readonly writers = new Set<QdrantVersionWriter>()

  constructor(options: QdrantStoreOptions) {
    this.http = new QdrantHttp(options)
  }

  private path(collection: string, rest = ''): string {
    return `/collections/${encodeURIComponent(collection)}${rest}`
  }

  async beginVersion(filing: string, opts: { dim: number | null; version?: string }): Promise<VersionWriter> {
    assertSafeName('filing', filing)
    const version = opts.version ?? newVersionName()
    assertSafeName('version', version)
    if (opts.dim !== null && !(Number.isInteger(opts.dim) && opts.dim > 0))
      throw new Error(`Invalid dim ${opts.dim}`)
    const collection = versionCollection(filing, version)
    if ((await this.liveCollection(filing)) === collection) {
      throw new Error(`Version ${filing}@${version} is live; pick another version name`)
    }
    await this.http.call('DELETE', this.path(collection), undefined, true)
    const create: Schemas['CreateCollection'] = {
      vectors: opts.dim
        ? { [DENSE]: { size: opts.dim, distance: 'Cosine', multivector_config: { comparator: 'max_sim' } } }
        : {},
      sparse_vectors: { [SPARSE]: { modifier: 'idf' } },
    }
    await this.http.call('PUT', this.path(collection), create)
    for (const field of ['kind', 'label']) {
      const index: Schemas['CreateFieldIndex'] = { field_name: field, field_schema: 'keyword' }
      await this.http.call('PUT', this.path(collection, '/index?wait=true'), index)
    }
    const writer = new QdrantVersionWriter(this, filing, version, opts.dim)
    this.writers.add(writer)
    return writer
  }

  /** @internal */
  forgetWriter(w: QdrantVersionWriter): void {
    this.writers.delete(w)
  }

  /** The collection the filing's alias points at, or null. */
  async liveCollection(filing: string): Promise<string | null> {
    const res = await this.http.call<Schemas['CollectionsAliasesResponse']>('GET', '/aliases')
    return res?.aliases.find((a) => a.alias_name === filing)?.collection_name ?? null
  }

  /** @internal Points the filing's alias at `collection` in one atomic alias operation. */
  async switchAlias(filing: string, collection: string): Promise<void> {
    const body: Schemas['ChangeAliasesOperation'] = {
      actions: [
        { delete_alias: { alias_name: filing } },
        { create_alias: { alias_name: filing, collection_name: collection } },
      ],
    }
    await this.http.call('POST', '/collections/aliases?timeout=30', body)
  }

  /** Reads through the alias; a missing alias means the filing was never ingested. */
  private async read<T>(collection: string, rest: string, body: unknown, filing = collection): Promise<T> {
    const res = await this.http.call<T>('POST', this.path(collection, rest), body, true)
    if (res === null) throw new UnknownFilingError(filing)
    return res
  }

  /** Committed versions never change, so their meta is cached by collection name. */
  private readonly metaCache = new Map<string, MetaPayload>()

  /**
   * The filing's live collection and its meta. Reads then go to that concrete collection, so one
   * search never mixes two versions even if the alias is switched mid-request.
   */
  private async resolve(filing: string): Promise<{ collection: string; meta: MetaPayload }> {
    const collection = await this.liveCollection(filing)
    if (!collection) throw new UnknownFilingError(filing)
    let meta = this.metaCache.get(collection)
    if (!meta) {
      const m = await this.meta(collection)
      if (!m) throw new UnknownFilingError(filing)
      meta = m
      this.metaCache.set(collection, meta)
    }
    return { collection, meta }
  }

  private async meta(filing: string): Promise<MetaPayload | null> {
    const req: Schemas['PointRequest'] = { ids: [META_ID], with_payload: true, with_vector: false }
    const res = await this.http.call<Record_[]>('POST', this.path(filing, '/points'), req, true)
    return (res?.[0]?.payload as unknown as MetaPayload | undefined) ?? null
  }

  async search(filing: string, query: SearchQuery): Promise<SearchHit[]> {
    const n = candidateCount(query.k, query.candidates)
    const sparse = querySparse(query.text)
    const { collection, meta: m } = await this.resolve(filing)
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
    const batch: Schemas['QueryRequestBatch'] = { searches: [fused, ...ranked] }
    const [top, ...rankLists] = await this.read<Schemas['QueryResponse'][]>(
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

  async getPage(filing: string, label: string): Promise<PageRecord | null> {
    const req: Schemas['ScrollRequest'] = {
      filter: { must: [kindIs('page'), { key: 'label', match: { value: label } }] },
      limit: 1,
      with_payload: true,
      with_vector: false,
    }
    const res = await this.read<Schemas['ScrollResult']>(filing, '/points/scroll', req)
    const p = res.points[0]?.payload as unknown as PagePayload | undefined
    return p ? toPage(p) : null
  }

  async listPages(filing: string): Promise<string[]> {
    const { collection } = await this.resolve(filing)
    const labels: string[] = []
    let offset: Schemas['ExtendedPointId'] | null | undefined
    do {
      const req: Schemas['ScrollRequest'] = {
        filter: { must: [kindIs('page')] },
        limit: 1000,
        with_payload: { include: ['label'] },
        with_vector: false,
        ...(offset !== undefined && offset !== null ? { offset } : {}),
      }
      const res = await this.read<Schemas['ScrollResult']>(collection, '/points/scroll', req, filing)
      // Page ids are PAGE_BASE + ordinal and scroll returns ids in order: document order.
      for (const p of res.points) labels.push((p.payload as { label: string }).label)
      offset = res.next_page_offset as Schemas['ExtendedPointId'] | null | undefined
    } while (offset !== undefined && offset !== null)
    return labels
  }

  async listFilings(): Promise<FilingStatus[]> {
    const res = await this.http.call<Schemas['CollectionsAliasesResponse']>('GET', '/aliases')
    const ours = (res?.aliases ?? []).filter((a) =>
      a.collection_name.startsWith(`${a.alias_name}${VERSION_SEP}`),
    )
    const all = await Promise.all(ours.map((a) => this.status(a.alias_name)))
    return all.filter((s): s is FilingStatus => s !== null).sort((a, b) => a.filing.localeCompare(b.filing))
  }

  async status(filing: string): Promise<FilingStatus | null> {
    const m = await this.meta(filing)
    return m ? metaToStatus(m) : null
  }

  async dropOldVersions(filing: string, keep = 0): Promise<string[]> {
    const live = await this.liveCollection(filing)
    const res = await this.http.call<Schemas['CollectionsResponse']>('GET', '/collections')
    const prefix = `${filing}${VERSION_SEP}`
    const mine = new Set([...this.writers].map((w) => w.collection))
    const candidates = (res?.collections ?? [])
      .map((c) => c.name)
      .filter((name) => name.startsWith(prefix) && name !== live && !mine.has(name))
      .sort()
      .reverse()
    const dropped: string[] = []
    let kept = 0
    for (const name of candidates) {
      const committed = (await this.meta(name)) !== null
      if (committed && kept < keep) {
        kept++
        continue
      }
      // An uncommitted collection may be another process's build in progress: leave young ones alone.
      if (!committed && isRecentVersion(name.slice(prefix.length))) continue
      await this.http.call('DELETE', this.path(name), undefined, true)
      dropped.push(name.slice(prefix.length))
    }
    return dropped
  }

  async check(filing: string): Promise<string | null> {
    const collection = await this.liveCollection(filing)
    if (!collection) return null
    const m = await this.meta(collection)
    if (!m) return `the live collection of ${filing} has no version record (an incomplete version)`
    const count = async (kind: string) =>
      (
        await this.http.call<Schemas['CountResult']>(
          'POST',
          this.path(collection, '/points/count'),
          { filter: { must: [kindIs(kind)] }, exact: true } satisfies Schemas['CountRequest'],
          true,
        )
      )?.count ?? 0
    const [chunks, pages] = await Promise.all([count('chunk'), count('page')])
    if (chunks !== m.chunks || pages !== m.pages)
      return `the live collection of ${filing} holds ${chunks} chunks and ${pages} pages; its version record expects ${m.chunks} and ${m.pages}`
    return null
  }

  async ping(): Promise<void> {
    await this.http.call('GET', '/collections')
  }

  async close(): Promise<void> {
    this.writers.clear()
    await this.http.close()
  }
}

/** True when a generated version name is under an hour old (custom names count as old). */
function isRecentVersion(version: string, now = Date.now()): boolean {
  const t = versionTime(version)
  return t !== null && now - t < 3_600_000
}

export async function openQdrantStore(options: QdrantStoreOptions): Promise<QdrantStore> {
  return new QdrantStore(options)
}
