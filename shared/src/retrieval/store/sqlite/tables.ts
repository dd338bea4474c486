/**
 * Tables read from a version's pages, kept beside its pages (one JSON document per page). Its own
 * table so that version files written before tables existed still open: reading them gives none.
 */
import type Database from 'better-sqlite3'
import type { Table } from '../../../contract/tables'
import type { DB } from './schema'

export const TABLES_SCHEMA = `CREATE TABLE IF NOT EXISTS page_tables (page_ord INTEGER PRIMARY KEY, tables TEXT NOT NULL);`

/** Writes each page's tables (pages without tables write nothing). */
export function tableWriter(db: DB): (pageOrd: number, tables: readonly Table[] | undefined) => void {
  db.exec(TABLES_SCHEMA)
  const insert = db.prepare('INSERT INTO page_tables (page_ord, tables) VALUES (?, ?)')
  return (pageOrd, tables) => {
    if (tables?.length) insert.run(pageOrd, JSON.stringify(tables))
  }
}

/** Reads a page's tables by the page's ord; [] for a version written before tables were stored. */
export function tableReader(db: DB): (pageOrd: number) => Table[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'page_tables'").get()
  if (!exists) return () => []
  const select: Database.Statement<[number], { tables: string }> = db.prepare(
    'SELECT tables FROM page_tables WHERE page_ord = ?',
  )
  return (pageOrd) => {
    const row = select.get(pageOrd)
    return row ? (JSON.parse(row.tables) as Table[]) : []
  }
}
