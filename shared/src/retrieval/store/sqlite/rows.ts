/**
 * Table-row units of a SQLite version: each row's keyword terms in their own FTS5 table (a row is a
 * dozen words; in body_fts it would shift the chunks' average length and IDF), mapped to the rowid
 * of the chunk that prints it. Their own tables, so version files written before rows still open:
 * reading them finds no row.
 */
import type Database from 'better-sqlite3'
import type { RowUnitInput } from '../types'
import { type DB, ftsToken } from './schema'

export const ROWS_SCHEMA = `
CREATE TABLE IF NOT EXISTS row_units (id INTEGER PRIMARY KEY, host INTEGER NOT NULL, page TEXT NOT NULL, label TEXT NOT NULL, text TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS row_fts USING fts5 (label, body, content = '');
`

/** Writes row units; `ftsText` is the writer's keyword encoding (the one body_fts uses). */
export function rowWriter(
  db: DB,
  ftsText: (text: string) => string,
): (rows: readonly RowUnitInput[]) => void {
  db.exec(ROWS_SCHEMA)
  const hostId = db.prepare<[string], { id: number }>('SELECT id FROM chunks WHERE chunk_id = ?')
  const insert = db.prepare('INSERT INTO row_units (host, page, label, text) VALUES (?, ?, ?, ?)')
  const index = db.prepare('INSERT INTO row_fts (rowid, label, body) VALUES (?, ?, ?)')
  return (rows) => {
    for (const r of rows) {
      const host = hostId.get(r.host)
      if (!host) throw new Error(`Table row on p.${r.page}: host chunk ${r.host} is not in this version`)
      const { lastInsertRowid } = insert.run(host.id, r.page, r.label, r.text)
      index.run(lastInsertRowid, ftsText(r.label), ftsText(r.text))
    }
  }
}

/**
 * Ranks row units by BM25 and returns their host chunks' rowids, each host once at its best row
 * (best first); [] for a version without rows.
 */
export function rowReader(
  db: DB,
): (labelTerms: readonly string[], terms: readonly string[], n: number) => number[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'row_fts'").get()
  if (!exists) return () => []
  const select: Database.Statement<[{ match: string; n: number }], { host: number }> = db.prepare(
    `SELECT u.host AS host FROM row_fts JOIN row_units u ON u.id = row_fts.rowid
     WHERE row_fts MATCH @match ORDER BY rank LIMIT @n`,
  )
  const any = (ts: readonly string[]) => ts.map((t) => `"${ftsToken(t)}"`).join(' OR ')
  return (labelTerms, terms, n) => {
    if (labelTerms.length === 0) return []
    // A row counts only when its label names one of the line-item terms; all terms then rank it.
    const match = `label : (${any(labelTerms)}) AND (${any(terms)})`
    const hosts: number[] = []
    const seen = new Set<number>()
    // Several rows of one table share a host: read more rows than hosts wanted.
    for (const { host } of select.all({ match, n: n * 4 })) {
      if (seen.has(host)) continue
      seen.add(host)
      hosts.push(host)
      if (hosts.length >= n) break
    }
    return hosts
  }
}
