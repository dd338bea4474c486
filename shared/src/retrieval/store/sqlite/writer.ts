/** Builds one SQLite version file beside the live one; the catalog flip happens in the store. */
import { closeSync, fsyncSync, openSync } from 'node:fs'
import type Database from 'better-sqlite3'
import type { PageRecord } from '../../../contract/chunk'
import { keywordTerms } from '../../terms'
import { type ChunkFields, chunkFields } from '../common'
import type { ChunkInput, FilingStatus, RowUnitInput } from '../types'
import { type VersionTotals, VersionWriterBase } from '../writer-base'
import { rowWriter } from './rows'
import { type DB, ftsToken, openVersionDb, versionSchema, WINDOW_SLOTS } from './schema'
import { tableWriter } from './tables'

/** What the writer needs of its store: the catalog flip and the clean-up of an aborted build. */
export interface SqliteCatalog {
  markLive(w: SqliteVersionWriter, totals: VersionTotals): FilingStatus
  forget(w: SqliteVersionWriter): void
}

export class SqliteVersionWriter extends VersionWriterBase {
  private db: DB | null
  private nextChunkId = 1
  private nextPageOrd = 1
  private readonly insertChunk: Database.Statement
  private readonly insertFts: (id: number, fields: ChunkFields) => void
  private readonly insertVec: Database.Statement | null
  private readonly insertPage: Database.Statement
  private readonly insertTables: ReturnType<typeof tableWriter>
  private readonly insertRows: ReturnType<typeof rowWriter>

  constructor(
    private readonly store: SqliteCatalog,
    filing: string,
    version: string,
    dim: number | null,
    readonly path: string,
  ) {
    super(filing, version, dim, WINDOW_SLOTS)
    const db = openVersionDb(path, false)
    // The file is private until commit and rebuilt from scratch on failure: no journal needed.
    db.pragma('journal_mode = OFF')
    db.pragma('synchronous = OFF')
    db.exec(versionSchema(dim))
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)')
    meta.run('filing', filing)
    meta.run('version', version)
    meta.run('dim', String(dim ?? ''))
    this.insertChunk = db.prepare(
      'INSERT INTO chunks (id, chunk_id, ordinal, text, pages, pdf_pages, section, fallback) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    // One FTS5 table per field: FTS5's bm25() normalises by the length of the whole row, so a
    // long section description in the same row would push its chunks down even at weight 0.
    const insert = (field: 'body' | 'heading' | 'form') =>
      db.prepare(`INSERT INTO ${field}_fts (rowid, ${field}) VALUES (?, ?)`)
    const body = insert('body')
    const heading = insert('heading')
    const form = insert('form')
    this.insertFts = (id, f) => {
      body.run(id, ftsText(f.body))
      heading.run(id, ftsText(f.heading))
      form.run(id, ftsText(f.form))
    }
    this.insertVec = dim ? db.prepare('INSERT INTO chunk_vec (rowid, embedding) VALUES (?, ?)') : null
    this.insertPage = db.prepare(
      'INSERT INTO pages (ord, label, pdf_pages, text, matter, fallback) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.insertTables = tableWriter(db)
    this.insertRows = rowWriter(db, ftsText, dim)
    this.db = db
  }

  private live(): DB {
    this.assertOpen()
    if (!this.db) throw new Error(`Version ${this.filing}@${this.version} is already closed`)
    return this.db
  }

  protected async writePages(pages: PageRecord[]): Promise<void> {
    const db = this.live()
    db.transaction(() => {
      for (const p of pages) {
        const ord = this.nextPageOrd++
        this.insertTables(ord, p.tables)
        this.insertPage.run(ord, p.label, JSON.stringify(p.pdfPages), p.text, p.matter, p.fallback ? 1 : 0)
      }
    })()
  }

  protected async writeChunks(items: ChunkInput[]): Promise<void> {
    const db = this.live()
    db.transaction(() => {
      for (const { chunk, vectors } of items) {
        const id = this.nextChunkId++
        this.insertChunk.run(
          id,
          chunk.id,
          chunk.ordinal,
          chunk.text,
          JSON.stringify(chunk.pages),
          JSON.stringify(chunk.pdfPages),
          chunk.section,
          chunk.fallback ? 1 : 0,
        )
        const f = chunkFields(chunk)
        this.insertFts(id, f)
        vectors.forEach((v, w) => {
          this.insertVec?.run(BigInt(id * WINDOW_SLOTS + w), v)
        })
      }
    })()
  }

  protected async writeRows(rows: RowUnitInput[]): Promise<void> {
    const db = this.live()
    db.transaction(() => this.insertRows(rows))()
  }

  protected async publish(totals: VersionTotals): Promise<FilingStatus> {
    const db = this.live()
    for (const t of ['body_fts', 'heading_fts', 'form_fts', 'row_fts'])
      db.exec(`INSERT INTO ${t} (${t}) VALUES ('optimize')`)
    db.pragma('journal_mode = DELETE')
    db.exec('ANALYZE')
    db.close()
    this.db = null
    // Make the file durable before any catalog row points at it.
    const fd = openSync(this.path, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    return this.store.markLive(this, totals)
  }

  protected async discard(): Promise<void> {
    if (this.db?.open) this.db.close()
    this.db = null
    this.store.forget(this)
  }
}

/** The FTS5 text of one field: its keyword terms, each as one FTS token. */
function ftsText(text: string): string {
  return keywordTerms(text).map(ftsToken).join(' ')
}
