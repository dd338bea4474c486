/** Builds one Qdrant version collection; the alias switch happens in the store. */
import type { Schemas } from '@qdrant/js-client-rest'
import type { PageRecord } from '../../../contract/chunk'
import { keywordTerms } from '../../terms'
import { chunkFields } from '../common'
import type { ChunkInput, FilingStatus, RowUnitInput } from '../types'
import { type VersionTotals, VersionWriterBase } from '../writer-base'
import type { QdrantHttp } from './http'
import {
  type ChunkPayload,
  DENSE,
  META_ID,
  type MetaPayload,
  metaToStatus,
  PAGE_BASE,
  type PagePayload,
  ROW_BASE,
  ROW_DENSE,
  ROW_SPARSE,
  type RowPayload,
  SPARSE,
  versionCollection,
} from './schema'
import { documentSparse } from './sparse'

const UPSERT_BATCH = 64

/** What the writer needs of its store: the transport, the alias switch, and its writer set. */
export interface QdrantAliases {
  readonly http: QdrantHttp
  switchAlias(filing: string, collection: string): Promise<void>
  forgetWriter(w: QdrantVersionWriter): void
}

export class QdrantVersionWriter extends VersionWriterBase {
  private nextChunkId = 1
  private nextPageOrd = 1
  private nextRow = 1
  /** Rows written with vectors (ROW_DENSE): the reader searches them densely only when some are. */
  private rowVectors = 0
  /** Point id of each chunk written, for the row units naming it as their host. */
  private readonly pointOf = new Map<string, number>()

  constructor(
    private readonly store: QdrantAliases,
    filing: string,
    version: string,
    dim: number | null,
  ) {
    super(filing, version, dim)
  }

  get collection(): string {
    return versionCollection(this.filing, this.version)
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

  protected async writePages(pages: PageRecord[]): Promise<void> {
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
        ...(p.tables?.length ? { tables: p.tables } : {}),
      }
      return { id: PAGE_BASE + ord, vector: {}, payload: payload as unknown as Schemas['Payload'] }
    })
    await this.upsert(points)
  }

  protected async writeChunks(items: ChunkInput[]): Promise<void> {
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
      const vector: Record<string, Schemas['Vector']> = { [SPARSE]: documentSparse(chunkFields(chunk)) }
      if (vectors.length) vector[DENSE] = vectors.map((v) => Array.from(v))
      const id = this.nextChunkId++
      this.pointOf.set(chunk.id, id)
      return { id, vector, payload: payload as unknown as Schemas['Payload'] }
    })
    await this.upsert(points)
  }

  protected async writeRows(rows: RowUnitInput[]): Promise<void> {
    const points = rows.map((r): Schemas['PointStruct'] => {
      const host = this.pointOf.get(r.host)
      if (host === undefined)
        throw new Error(`Table row on p.${r.page}: host chunk ${r.host} is not in this version`)
      const payload: RowPayload = {
        kind: 'row',
        host,
        page: r.page,
        text: r.text,
        label_terms: [...new Set(keywordTerms(r.label))],
      }
      const vector: Record<string, Schemas['Vector']> = { [ROW_SPARSE]: documentSparse(r.text) }
      if (r.vectors?.length) {
        vector[ROW_DENSE] = r.vectors.map((v) => Array.from(v))
        this.rowVectors++
      }
      return { id: ROW_BASE + this.nextRow++, vector, payload: payload as unknown as Schemas['Payload'] }
    })
    await this.upsert(points)
  }

  protected async publish(totals: VersionTotals): Promise<FilingStatus> {
    const meta: MetaPayload = {
      kind: 'meta',
      filing: this.filing,
      version: this.version,
      chunks: totals.chunks,
      pages: totals.pages,
      dim: this.dim,
      embedded: totals.embedded,
      fallback: totals.fallback,
      ingested_at: new Date().toISOString(),
      meta: totals.meta,
      rows: this.nextRow - 1,
      row_vectors: this.rowVectors,
    }
    await this.upsert([{ id: META_ID, vector: {}, payload: meta as unknown as Schemas['Payload'] }])
    await this.store.switchAlias(this.filing, this.collection)
    this.store.forgetWriter(this)
    return metaToStatus(meta)
  }

  protected async discard(): Promise<void> {
    this.store.forgetWriter(this)
    await this.store.http.call(
      'DELETE',
      `/collections/${encodeURIComponent(this.collection)}`,
      undefined,
      true,
    )
  }
}
