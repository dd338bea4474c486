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
 *   - table-row units (id ROW_BASE + n): sparse `bm25_rows` and, when embedded, multivector
 *     `dense_rows`, each naming its host chunk (rows lift their host; reader.ts);
 *   - pages (id PAGE_BASE + ordinal), payload only: the printed page texts;
 *   - one meta point (id 0), payload only, written at commit: the version's status.
 * Search is ONE Query API round trip (reader.ts). Transport: http.ts; BM25 sparse vectors: sparse.ts.
 */
import type { Schemas } from '@qdrant/js-client-rest'
import type { PageRecord } from '../../../contract/chunk'
import { assertSafeName, liveVersionError, versionTime, versionToBegin } from '../common'
import type { FilingStatus, SearchHit, SearchQuery, Store, VersionRead, VersionWriter } from '../types'
import { UnknownFilingError, UnknownVersionError } from '../types'
import { QdrantHttp, type QdrantStoreOptions } from './http'
import { printedOnly, readPageLabels, readVersionPage, readVersionPages, searchVersion } from './reader'
import {
  DENSE,
  kindIs,
  META_ID,
  type MetaPayload,
  metaToStatus,
  type Record_,
  ROW_DENSE,
  ROW_SPARSE,
  SPARSE,
  VERSION_SEP,
  versionCollection,
} from './schema'
import { type QdrantAliases, QdrantVersionWriter } from './writer'

export { QdrantHttp, QdrantHttpError, type QdrantStoreOptions } from './http'
export { versionCollection } from './schema'
export { documentSparse, querySparse, termIndex } from './sparse'

export class QdrantStore implements Store, QdrantAliases {
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
    const version = versionToBegin(filing, opts)
    const collection = versionCollection(filing, version)
    if ((await this.liveCollection(filing)) === collection) throw liveVersionError(filing, version)
    await this.http.call('DELETE', this.path(collection), undefined, true)
    const dense: Schemas['VectorParams'] | null = opts.dim
      ? { size: opts.dim, distance: 'Cosine', multivector_config: { comparator: 'max_sim' } }
      : null
    const create: Schemas['CreateCollection'] = {
      // Table rows get their own dense vector so they never enter the chunks' dense candidates.
      vectors: dense ? { [DENSE]: dense, [ROW_DENSE]: dense } : {},
      sparse_vectors: { [SPARSE]: { modifier: 'idf' }, [ROW_SPARSE]: { modifier: 'idf' } },
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
    const { collection, meta } = await this.resolve(filing)
    return searchVersion(this.http, { collection, filing, meta }, query)
  }

  /** The collection of `opts.version` (checked to be committed), or the live one, with its meta. */
  private async collectionOf(
    filing: string,
    opts?: VersionRead,
  ): Promise<{ collection: string; meta: MetaPayload }> {
    if (!opts?.version) return this.resolve(filing)
    assertSafeName('version', opts.version)
    const collection = versionCollection(filing, opts.version)
    let meta = this.metaCache.get(collection)
    if (!meta) {
      const m = await this.meta(collection)
      if (!m) throw new UnknownVersionError(filing, opts.version)
      meta = m
      this.metaCache.set(collection, meta)
    }
    return { collection, meta }
  }

  async getPage(filing: string, label: string, opts?: VersionRead): Promise<PageRecord | null> {
    const { collection, meta } = await this.collectionOf(filing, opts)
    return readVersionPage(this.http, collection, filing, label, meta.fallback)
  }

  async listPages(filing: string, opts?: VersionRead): Promise<string[]> {
    const { collection, meta } = await this.collectionOf(filing, opts)
    return readPageLabels(this.http, collection, filing, meta.fallback)
  }

  async getPages(filing: string, opts?: VersionRead): Promise<PageRecord[]> {
    return readVersionPages(this.http, (await this.collectionOf(filing, opts)).collection, filing)
  }

  async listVersions(filing: string): Promise<FilingStatus[]> {
    const res = await this.http.call<Schemas['CollectionsResponse']>('GET', '/collections')
    const prefix = `${filing}${VERSION_SEP}`
    const names = (res?.collections ?? []).map((c) => c.name).filter((name) => name.startsWith(prefix))
    // Only committed versions carry the meta point; a build in progress has none.
    const metas = await Promise.all(names.map((name) => this.meta(name)))
    return metas
      .filter((m): m is MetaPayload => m !== null)
      .map(metaToStatus)
      .sort((a, b) => a.ingestedAt.localeCompare(b.ingestedAt) || a.version.localeCompare(b.version))
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
    const count = async (kind: string, more: Pick<Schemas['Filter'], 'must_not'> = {}) =>
      (
        await this.http.call<Schemas['CountResult']>(
          'POST',
          this.path(collection, '/points/count'),
          { filter: { must: [kindIs(kind)], ...more }, exact: true } satisfies Schemas['CountRequest'],
          true,
        )
      )?.count ?? 0
    // The record counts the pages the version serves (printed ones; unnumbered ones only when none
    // is printed): the unnumbered pages beside printed ones are kept for the amendment report.
    const [chunks, pages] = await Promise.all([count('chunk'), count('page', printedOnly(m.fallback))])
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
