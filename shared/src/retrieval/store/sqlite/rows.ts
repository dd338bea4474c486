/**
 * Table-row units of a SQLite version: each row's keyword terms in their own FTS5 table (a row is a
 * dozen words; in body_fts it would shift the chunks' average length and IDF), its window vectors
 * (when the version is embedded) in their own vec0 table `row_vec`, keyed as chunk_vec is, and the
 * rowid of the chunk that prints it. Their own tables, so version files written before rows (or
 * before row vectors) still open: reading them finds no row (or no dense row).
 */
import type Database from 'better-sqlite3'
import type { RowUnitInput } from '../types'
import { WindowMatrix } from './dense'
import { type DB, ftsToken, WINDOW_SLOTS } from './schema'

export const ROWS_SCHEMA = `
CREATE TABLE IF NOT EXISTS row_units (id INTEGER PRIMARY KEY, host INTEGER NOT NULL, page TEXT NOT NULL, label TEXT NOT NULL, text TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS row_fts USING fts5 (label, body, content = '');
`

const rowVecSchema = (dim: number) =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS row_vec USING vec0 (embedding float[${dim}] distance_metric=cosine);`

const hasTable = (db: DB, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined

/** Writes row units; `ftsText` is the writer's keyword encoding (the one body_fts uses). */
export function rowWriter(
  db: DB,
  ftsText: (text: string) => string,
  dim: number | null,
): (rows: readonly RowUnitInput[]) => void {
  db.exec(ROWS_SCHEMA)
  if (dim) db.exec(rowVecSchema(dim))
  const hostId = db.prepare<[string], { id: number }>('SELECT id FROM chunks WHERE chunk_id = ?')
  const insert = db.prepare('INSERT INTO row_units (host, page, label, text) VALUES (?, ?, ?, ?)')
  const index = db.prepare('INSERT INTO row_fts (rowid, label, body) VALUES (?, ?, ?)')
  const vec = dim ? db.prepare('INSERT INTO row_vec (rowid, embedding) VALUES (?, ?)') : null
  return (rows) => {
    for (const r of rows) {
      const host = hostId.get(r.host)
      if (!host) throw new Error(`Table row on p.${r.page}: host chunk ${r.host} is not in this version`)
      const { lastInsertRowid } = insert.run(host.id, r.page, r.label, r.text)
      index.run(lastInsertRowid, ftsText(r.label), ftsText(r.text))
      ;(r.vectors ?? []).forEach((v, w) => {
        vec?.run(BigInt(Number(lastInsertRowid) * WINDOW_SLOTS + w), v)
      })
    }
  }
}

export interface RowReader {
  /** Row ids ranked by BM25, among rows whose label holds one of `labelTerms`; [] without rows. */
  keyword(labelTerms: readonly string[], terms: readonly string[], n: number): number[]
  /** Row ids by best-window cosine similarity; [] when the rows carry no vectors. */
  dense(vector: Float32Array, n: number): number[]
  /** The rowid of the chunk printing a row. */
  hostOf(row: number): number | undefined
}

/** Reads a version's rows; `dim` is the version's vector size (null when keyword-only). */
export function rowReader(db: DB, dim: number | null): RowReader {
  if (!hasTable(db, 'row_fts')) return { keyword: () => [], dense: () => [], hostOf: () => undefined }
  const select: Database.Statement<[{ match: string; n: number }], { id: number }> = db.prepare(
    'SELECT rowid AS id FROM row_fts WHERE row_fts MATCH @match ORDER BY rank LIMIT @n',
  )
  const host = db.prepare<[number], { host: number }>('SELECT host FROM row_units WHERE id = ?')
  const vectors = dim && hasTable(db, 'row_vec') ? new WindowMatrix(db, 'row_vec', dim) : null
  const any = (ts: readonly string[]) => ts.map((t) => `"${ftsToken(t)}"`).join(' OR ')
  return {
    keyword(labelTerms, terms, n) {
      if (labelTerms.length === 0) return []
      // A row counts only when its label names one of the line-item terms; all terms then rank it.
      const match = `label : (${any(labelTerms)}) AND (${any(terms)})`
      return select.all({ match, n }).map((r) => r.id)
    },
    dense: (vector, n) => vectors?.rank(vector, n) ?? [],
    hostOf: (row) => host.get(row)?.host,
  }
}
