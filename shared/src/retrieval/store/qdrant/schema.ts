/**
 * The Qdrant store's layout: point kinds and ids, collection names, payloads and their conversions.
 */
import type { Schemas } from '@qdrant/js-client-rest'
import type { Chunk, Matter, PageRecord } from '../../../contract/chunk'
import type { Table } from '../../../contract/tables'
import type { FilingStatus } from '../types'

export const DENSE = 'dense'
export const SPARSE = 'bm25'
/** Table-row units' own sparse vector: Qdrant's IDF is per vector name, so rows never shift the chunks'. */
export const ROW_SPARSE = 'bm25_rows'
/**
 * Table-row units' own dense multivector (one vector per window, max_sim, as `dense`): a row point
 * is never a candidate of the chunks' dense search.
 */
export const ROW_DENSE = 'dense_rows'
export const META_ID = 0
export const PAGE_BASE = 1_000_000_000
/** Row unit ids are ROW_BASE + n. */
export const ROW_BASE = 2_000_000_000
export const VERSION_SEP = '__v_'

export const versionCollection = (filing: string, version: string) => `${filing}${VERSION_SEP}${version}`

export interface ChunkPayload {
  kind: 'chunk'
  chunk_id: string
  ordinal: number
  text: string
  pages: string[]
  pdf_pages: number[]
  section: string | null
  fallback: boolean
}

/** A table-row unit: keyword-indexed under ROW_SPARSE (and ROW_DENSE when embedded), it names the point id of its host chunk. */
export interface RowPayload {
  kind: 'row'
  host: number
  page: string
  text: string
  /** The label's keyword terms: a row counts only when one of the question's line-item terms is here. */
  label_terms: string[]
}

export interface PagePayload {
  kind: 'page'
  ord: number
  label: string
  pdf_pages: number[]
  text: string
  matter: Matter
  fallback: boolean
  /** The page's tables; absent on pages without any and in versions written before tables. */
  tables?: Table[]
}

export interface MetaPayload {
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
  /** Table-row units written (absent in versions written before rows: those have no ROW_SPARSE). */
  rows?: number
  /** Table-row units written with vectors under ROW_DENSE (absent before row vectors: no ROW_DENSE). */
  row_vectors?: number
}

export type ScoredPoint = Schemas['ScoredPoint']
export type Record_ = Schemas['Record']

export function metaToStatus(m: MetaPayload): FilingStatus {
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

export function toChunk(p: ChunkPayload, filing: string, version: string): Chunk {
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

export function toPage(p: PagePayload): PageRecord {
  const page: PageRecord = { label: p.label, pdfPages: p.pdf_pages, text: p.text, matter: p.matter }
  if (p.fallback) page.fallback = true
  if (p.tables?.length) page.tables = p.tables
  return page
}

export const kindIs = (kind: string): Schemas['Condition'] => ({ key: 'kind', match: { value: kind } })
