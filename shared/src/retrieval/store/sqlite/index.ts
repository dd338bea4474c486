/**
 * The embedded default store: better-sqlite3 with FTS5 (BM25) and sqlite-vec (dense vectors).
 *
 * Layout under `<DATA_DIR>/sqlite/`:
 *   catalog.db              which versions exist and which one of each filing is live
 *   <filing>/<version>.db   one self-contained database per filing version
 *
 * A version is built in its own file while readers keep using the live one; `commit()` flushes the
 * file and then flips the filing's row in the catalog in one transaction, so a reader sees either
 * the old version or the complete new one, never a half-built one. A failed or aborted build only
 * leaves a file that no catalog row points at as live (`dropOldVersions` removes it).
 *
 * Reads are synchronous better-sqlite3 calls on connections opened once per version with prepared
 * statements, so a warm hybrid search costs one catalog lookup, one FTS5 query, one vec0 KNN scan
 * and k primary-key fetches. Over 300 lines: the store's one class holds the catalog, the version
 * lifecycle and the reads, whose guarantees (atomic switch, cleanup) are kept in one place.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { PageRecord } from '../../../contract/chunk'
import { FIELD_WEIGHTS } from '../../features'
import { liveVersionError, ownTerms, versionToBegin } from '../common'
import { candidateCount, fuseCandidates } from '../fusion'
import {
  type FilingStatus,
  type SearchHit,
  type SearchQuery,
  type Store,
  StoreFileError,
  UnknownFilingError,
  UnknownVersionError,
  type VersionRead,
  type VersionWriter,
} from '../types'
import type { VersionTotals } from '../writer-base'
import { VersionReader } from './reader'
import { CATALOG_SCHEMA, type CatalogRow, type DB, openVersionDb, toStatus } from './schema'
import { type SqliteCatalog, SqliteVersionWriter } from './writer'

export { newVersionName } from '../common'
export { ftsToken } from './schema'

export interface SqliteStoreOptions {
  /** Directory holding catalog.db and one folder per filing. */
  dir: string
}

/** Version files being built by any store instance in this process (a second instance must not drop them). */
const ACTIVE_BUILDS = new Set<string>()

export class SqliteStore implements Store, SqliteCatalog {
  readonly kind = 'sqlite' as const
  private readonly catalog: DB
  private readonly readers = new Map<string, VersionReader>()
  private readonly writers = new Set<SqliteVersionWriter>()
  private readonly liveRow: Database.Statement<[string], CatalogRow>
  private readonly allLive: Database.Statement<[], CatalogRow>

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'catalog.db')
    let catalog: DB | undefined
    try {
      catalog = new Database(file)
      // WAL lets the server read the catalog while an ingest process writes it.
      catalog.pragma('journal_mode = WAL')
      catalog.pragma('busy_timeout = 5000')
      catalog.exec(CATALOG_SCHEMA)
    } catch (err) {
      catalog?.close()
      throw new StoreFileError(file, err)
    }
    this.catalog = catalog
    this.liveRow = this.catalog.prepare(
      'SELECT v.* FROM live l JOIN versions v ON v.filing = l.filing AND v.version = l.version WHERE l.filing = ?',
    )
    this.allLive = this.catalog.prepare(
      'SELECT v.* FROM live l JOIN versions v ON v.filing = l.filing AND v.version = l.version ORDER BY l.filing',
    )
  }

  versionPath(filing: string, version: string): string {
    return join(this.dir, filing, `${version}.db`)
  }

  async beginVersion(filing: string, opts: { dim: number | null; version?: string }): Promise<VersionWriter> {
    const version = versionToBegin(filing, opts)
    if (this.liveRow.get(filing)?.version === version) throw liveVersionError(filing, version)
    const path = this.versionPath(filing, version)
    mkdirSync(join(this.dir, filing), { recursive: true })
    this.catalog.transaction(() => {
      this.catalog.prepare('DELETE FROM versions WHERE filing = ? AND version = ?').run(filing, version)
      this.catalog
        .prepare(
          'INSERT INTO versions (filing, version, state, pid, created_at, dim) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(filing, version, 'building', process.pid, new Date().toISOString(), opts.dim)
    })()
    rmSync(path, { force: true })
    const writer = new SqliteVersionWriter(this, filing, version, opts.dim, path)
    this.writers.add(writer)
    ACTIVE_BUILDS.add(path)
    return writer
  }

  /** @internal Flips the filing to a committed version in one catalog transaction. */
  markLive(w: SqliteVersionWriter, s: VersionTotals): FilingStatus {
    const now = new Date().toISOString()
    this.catalog.transaction(() => {
      const changed = this.catalog
        .prepare(
          `UPDATE versions SET state = 'ready', pid = NULL, committed_at = ?, chunks = ?, pages = ?, embedded = ?,
           fallback = ?, meta = ? WHERE filing = ? AND version = ? AND state = 'building'`,
        )
        .run(
          now,
          s.chunks,
          s.pages,
          s.embedded ? 1 : 0,
          s.fallback ? 1 : 0,
          JSON.stringify(s.meta),
          w.filing,
          w.version,
        )
      if (changed.changes !== 1) throw new Error(`Version ${w.filing}@${w.version} vanished from the catalog`)
      this.catalog
        .prepare(
          'INSERT INTO live (filing, version) VALUES (?, ?) ON CONFLICT (filing) DO UPDATE SET version = excluded.version',
        )
        .run(w.filing, w.version)
    })()
    this.writers.delete(w)
    ACTIVE_BUILDS.delete(w.path)
    const row = this.liveRow.get(w.filing)
    if (!row) throw new Error(`Version ${w.filing}@${w.version} is not live after commit`)
    return toStatus(row)
  }

  /** @internal Removes an aborted version's file and catalog row. */
  forget(w: SqliteVersionWriter): void {
    this.writers.delete(w)
    ACTIVE_BUILDS.delete(w.path)
    this.catalog
      .prepare(`DELETE FROM versions WHERE filing = ? AND version = ? AND state = 'building'`)
      .run(w.filing, w.version)
    rmSync(w.path, { force: true })
  }

  /**
   * The reader of a filing's live version. Synchronous from catalog lookup to the caller's last read,
   * so a concurrent switch can never hand a query half of one version and half of another.
   */
  /** @internal The live version's reader (tests compare the in-memory and vec0 dense rankings). */
  reader(filing: string): VersionReader {
    for (let attempt = 0; ; attempt++) {
      const row = this.liveRow.get(filing)
      if (!row) throw new UnknownFilingError(filing)
      const path = this.versionPath(row.filing, row.version)
      const cached = this.readers.get(filing)
      if (cached && cached.path === path) return cached
      cached?.close()
      this.readers.delete(filing)
      try {
        const reader = new VersionReader(path, row)
        this.readers.set(filing, reader)
        return reader
      } catch (err) {
        // Another process may have switched and dropped this version between lookup and open.
        if (attempt >= 2 || existsSync(path)) throw err
      }
    }
  }

  async search(filing: string, query: SearchQuery): Promise<SearchHit[]> {
    const reader = this.reader(filing)
    const n = candidateCount(query.k, query.candidates)
    const dense = query.vector ? reader.denseIds(query.vector, n) : []
    const keyword = reader.keywordIds(
      query.terms,
      n,
      query.fieldWeights ?? FIELD_WEIGHTS,
      query.idf,
      query.termWeights,
      query.headingB,
    )
    // Table rows are matched on the question's own terms, not its expansions (WordNet's).
    const rows = query.rows ? reader.rowHostIds(ownTerms(query), query.vector, n) : []
    const hits: SearchHit[] = []
    for (const f of fuseCandidates(dense, keyword, query.k, rows)) {
      const chunk = reader.chunk(f.id)
      if (chunk) hits.push({ chunk, score: f.score, ...f.ranks })
    }
    return hits
  }

  /** Readers of committed versions other than the live one (an amendment's previous versions). */
  private readonly oldReaders = new Map<string, VersionReader>()
  private static readonly OLD_READERS = 4

  /** The reader of `version` (a committed version of `filing`), or of the live one. */
  private readerOf(filing: string, opts?: VersionRead): VersionReader {
    const live = this.reader(filing)
    if (!opts?.version || opts.version === live.row.version) return live
    const row = this.catalog
      .prepare(`SELECT * FROM versions WHERE filing = ? AND version = ? AND state = 'ready'`)
      .get(filing, opts.version) as CatalogRow | undefined
    if (!row) throw new UnknownVersionError(filing, opts.version)
    const path = this.versionPath(filing, row.version)
    const cached = this.oldReaders.get(path)
    if (cached) return cached
    const reader = new VersionReader(path, row)
    this.oldReaders.set(path, reader)
    // A few old versions stay open; the least recently opened closes first.
    for (const [p, r] of this.oldReaders) {
      if (this.oldReaders.size <= SqliteStore.OLD_READERS) break
      r.close()
      this.oldReaders.delete(p)
    }
    return reader
  }

  async getPage(filing: string, label: string, opts?: VersionRead): Promise<PageRecord | null> {
    return this.readerOf(filing, opts).page(label)
  }

  async listPages(filing: string, opts?: VersionRead): Promise<string[]> {
    return this.readerOf(filing, opts).pageLabels()
  }

  async getPages(filing: string, opts?: VersionRead): Promise<PageRecord[]> {
    return this.readerOf(filing, opts).pages()
  }

  async listVersions(filing: string): Promise<FilingStatus[]> {
    const rows = this.catalog
      .prepare(`SELECT * FROM versions WHERE filing = ? AND state = 'ready' ORDER BY committed_at, version`)
      .all(filing) as CatalogRow[]
    return rows.map(toStatus)
  }

  async listFilings(): Promise<FilingStatus[]> {
    return this.allLive.all().map(toStatus)
  }

  async status(filing: string): Promise<FilingStatus | null> {
    const row = this.liveRow.get(filing)
    return row ? toStatus(row) : null
  }

  async dropOldVersions(filing: string, keep = 0): Promise<string[]> {
    const live = this.liveRow.get(filing)?.version
    const rows = this.catalog
      .prepare('SELECT * FROM versions WHERE filing = ? ORDER BY created_at DESC, version DESC')
      .all(filing) as CatalogRow[]
    const dropped: string[] = []
    let kept = 0
    for (const row of rows) {
      if (row.version === live) continue
      if (row.state === 'building') {
        // Only builds whose process is gone: another ingest may be building right now.
        const path = this.versionPath(filing, row.version)
        if (ACTIVE_BUILDS.has(path) || (row.pid !== null && row.pid !== process.pid && processAlive(row.pid)))
          continue
      } else if (kept < keep) {
        kept++
        continue
      }
      this.catalog.prepare('DELETE FROM versions WHERE filing = ? AND version = ?').run(filing, row.version)
      const path = this.versionPath(filing, row.version)
      for (const [f, r] of this.readers) {
        if (r.path === path) {
          r.close()
          this.readers.delete(f)
        }
      }
      this.oldReaders.get(path)?.close()
      this.oldReaders.delete(path)
      rmSync(path, { force: true })
      rmSync(`${path}-journal`, { force: true })
      dropped.push(row.version)
    }
    return dropped
  }

  async check(filing: string): Promise<string | null> {
    const row = this.liveRow.get(filing)
    if (!row) return null
    const name = `${row.version}.db`
    const path = this.versionPath(row.filing, row.version)
    if (!existsSync(path)) return `the live version's file (${name}) is missing`
    // A fresh read-only connection: the cached reader may predate the damage.
    let db: DB | undefined
    try {
      const open = openVersionDb(path, true)
      db = open
      const verdict = open.pragma('quick_check', { simple: true })
      if (verdict !== 'ok') return `the live version's file (${name}) is corrupt: ${verdict}`
      const tables = new Set(
        open
          .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
          .all()
          .map((t) => t.name),
      )
      // The keyword index: one FTS5 table per field, or the one chunk_fts of older versions.
      const keyword = tables.has('chunk_fts') ? ['chunk_fts'] : ['body_fts', 'heading_fts', 'form_fts']
      const expected = ['meta', 'chunks', 'pages', ...keyword, ...(row.embedded ? ['chunk_vec'] : [])]
      const absent = expected.filter((t) => !tables.has(t))
      if (absent.length) return `the live version's file (${name}) lacks table(s) ${absent.join(', ')}`
      const count = (table: string) =>
        open.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0
      const chunks = count('chunks')
      // The catalog counts the pages the version serves: its printed ones, or (with none printed)
      // its unnumbered ones; the unnumbered pages beside printed ones are kept for the amendment report.
      const pages = count('pages WHERE fallback = 0') || count('pages')
      if (chunks !== row.chunks || pages !== row.pages)
        return `the live version's file (${name}) holds ${chunks} chunks and ${pages} pages; the catalog expects ${row.chunks} and ${row.pages}`
      return null
    } catch (err) {
      return `the live version's file (${name}) cannot be read: ${(err as Error).message}`
    } finally {
      db?.close()
    }
  }

  async ping(): Promise<void> {
    this.catalog.prepare('SELECT 1').get()
  }

  async close(): Promise<void> {
    for (const w of [...this.writers]) await w.abort()
    for (const r of [...this.readers.values(), ...this.oldReaders.values()]) r.close()
    this.readers.clear()
    this.oldReaders.clear()
    if (this.catalog.open) this.catalog.close()
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Opens (creating if needed) the SQLite store rooted at `dir`. */
export function openSqliteStore(options: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(options.dir)
}
