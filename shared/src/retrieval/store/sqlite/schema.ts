/**
 * The SQLite store's on-disk shapes: the catalog and per-version schemas, their row types, and the
 * one-token FTS5 encoding of keyword terms.
 */
import Database from 'better-sqlite3'
import * as sqliteVec from 'sqlite-vec'
import type { Matter, PageRecord } from '../../../contract/chunk'
import type { FilingStatus } from '../types'

export type DB = Database.Database

/** Window rowid = chunk rowid × WINDOW_SLOTS + window index, so no mapping table is needed. */
export const WINDOW_SLOTS = 64
/** sqlite-vec's largest k for one KNN query. */
export const VEC_MAX_K = 4096

/**
 * FTS5 sees each keyword term as ONE token: plain [a-z0-9] terms pass as they are, anything else
 * (`900%`, `class f`, `$1.2 billion`) is hex-encoded behind a `zz` prefix (plain terms starting
 * with `zz` are encoded too, so the mapping stays one-to-one). FTS5's default tokenizer then never
 * splits a term, and index and query agree by construction.
 */
export function ftsToken(term: string): string {
  if (/^[a-z0-9]+$/.test(term) && !term.startsWith('zz')) return term
  return `zz${Buffer.from(term, 'utf8').toString('hex')}`
}

export const CATALOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS versions (
  filing TEXT NOT NULL,
  version TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('building', 'ready')),
  pid INTEGER,
  created_at TEXT NOT NULL,
  committed_at TEXT,
  chunks INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  dim INTEGER,
  embedded INTEGER NOT NULL DEFAULT 0,
  fallback INTEGER NOT NULL DEFAULT 0,
  meta TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (filing, version)
);
CREATE TABLE IF NOT EXISTS live (
  filing TEXT PRIMARY KEY,
  version TEXT NOT NULL
);
`

export function versionSchema(dim: number | null): string {
  return `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  chunk_id TEXT NOT NULL UNIQUE,
  ordinal INTEGER NOT NULL,
  text TEXT NOT NULL,
  pages TEXT NOT NULL,
  pdf_pages TEXT NOT NULL,
  section TEXT,
  fallback INTEGER NOT NULL
);
CREATE TABLE pages (
  ord INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  pdf_pages TEXT NOT NULL,
  text TEXT NOT NULL,
  matter TEXT NOT NULL,
  fallback INTEGER NOT NULL
);
CREATE INDEX pages_label ON pages (label);
CREATE VIRTUAL TABLE body_fts USING fts5 (body, content = '');
CREATE VIRTUAL TABLE heading_fts USING fts5 (heading, content = '');
CREATE VIRTUAL TABLE form_fts USING fts5 (form, content = '');
${dim ? `CREATE VIRTUAL TABLE chunk_vec USING vec0 (embedding float[${dim}] distance_metric=cosine);` : ''}
`
}

export interface CatalogRow {
  filing: string
  version: string
  state: 'building' | 'ready'
  pid: number | null
  created_at: string
  committed_at: string | null
  chunks: number
  pages: number
  dim: number | null
  embedded: number
  fallback: number
  meta: string
}

export function toStatus(row: CatalogRow): FilingStatus {
  return {
    filing: row.filing,
    version: row.version,
    chunks: row.chunks,
    pages: row.pages,
    ingestedAt: row.committed_at ?? row.created_at,
    embedded: row.embedded === 1,
    fallback: row.fallback === 1,
    meta: JSON.parse(row.meta) as Record<string, unknown>,
  }
}

export interface ChunkRow {
  id: number
  chunk_id: string
  ordinal: number
  text: string
  pages: string
  pdf_pages: string
  section: string | null
  fallback: number
}

export interface PageRow {
  ord: number
  label: string
  pdf_pages: string
  text: string
  matter: Matter
  fallback: number
}

export function toPage(row: PageRow): PageRecord {
  const page: PageRecord = {
    label: row.label,
    pdfPages: JSON.parse(row.pdf_pages) as number[],
    text: row.text,
    matter: row.matter,
  }
  if (row.fallback) page.fallback = true
  return page
}

export function openVersionDb(path: string, readonly: boolean): DB {
  const db = new Database(path, { readonly, fileMustExist: readonly })
  sqliteVec.load(db)
  return db
}
