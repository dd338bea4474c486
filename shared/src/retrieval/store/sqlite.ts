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
 * and k primary-key fetches.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import * as sqliteVec from 'sqlite-vec'
import type { Chunk, Matter, PageRecord } from '../../contract/chunk'
import { keywordTerms, searchTerms } from '../terms'
import { assertSafeName, chunkKeywordText, newVersionName } from './common'
import { candidateCount, rrfFuse } from './fusion'
import {
  type ChunkInput,
  type FilingStatus,
  type SearchHit,
  type SearchQuery,
  type Store,
  StoreFileError,
  UnknownFilingError,
  type VersionCommit,
  type VersionWriter,
} from './types'

type DB = Database.Database

/** Window rowid = chunk rowid × WINDOW_SLOTS + window index, so no mapping table is needed. */
const WINDOW_SLOTS = 64
/** sqlite-vec's largest k for one KNN query. */
const VEC_MAX_K = 4096

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

const CATALOG_SCHEMA = `
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

function versionSchema(dim: number | null): string {
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
CREATE VIRTUAL TABLE chunk_fts USING fts5 (terms, content = '');
${dim ? `CREATE VIRTUAL TABLE chunk_vec USING vec0 (embedding float[${dim}] distance_metric=cosine);` : ''}
`
}

interface CatalogRow {
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

function toStatus(row: CatalogRow): FilingStatus {
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

interface ChunkRow {
  id: number
  chunk_id: string
  ordinal: number
  text: string
  pages: string
  pdf_pages: string
  section: string | null
  fallback: number
}

interface PageRow {
  label: string
  pdf_pages: string
  text: string
  matter: Matter
  fallback: number
}

function toPage(row: PageRow): PageRecord {
  const page: PageRecord = {
    label: row.label,
    pdfPages: JSON.parse(row.pdf_pages) as number[],
    text: row.text,
    matter: row.matter,
  }
  if (row.fallback) page.fallback = true
  return page
}

function openVersionDb(path: string, readonly: boolean): DB {
  const db = new Database(path, { readonly, fileMustExist: readonly })
  sqliteVec.load(db)
  return db
}

/** One live version opened for reading, with its statements prepared once. */
class VersionReader {
  readonly db: DB
  private readonly chunkById: Database.Statement<[number], ChunkRow>
  private readonly fts: Database.Statement<[string, number], { id: number }>
  private readonly knn: Database.Statement<[Float32Array, number], { rowid: number | bigint }> | null
  private readonly pageByLabel: Database.Statement<[string], PageRow>
  private readonly labels: Database.Statement<[], { label: string }>

  constructor(
    readonly path: string,
    readonly row: CatalogRow,
  ) {
    this.db = openVersionDb(path, true)
    this.db.pragma('query_only = 1')
    this.chunkById = this.db.prepare('SELECT * FROM chunks WHERE id = ?')
    this.fts = this.db.prepare(
      'SELECT rowid AS id FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY rank LIMIT ?',
    )
    this.knn =
      row.dim && row.embedded
        ? this.db.prepare('SELECT rowid FROM chunk_vec WHERE embedding MATCH ? AND k = ? ORDER BY distance')
        : null
    this.pageByLabel = this.db.prepare('SELECT * FROM pages WHERE label = ? ORDER BY ord LIMIT 1')
    this.labels = this.db.prepare('SELECT label FROM pages ORDER BY ord')
  }

  keywordIds(text: string, n: number): number[] {
    const terms = searchTerms(text).slice(0, 64)
    if (terms.length === 0) return []
    const match = terms.map((t) => `"${ftsToken(t)}"`).join(' OR ')
    return this.fts.all(match, n).map((r) => r.id)
  }

  /**
   * The version's window vectors as one in-memory matrix, loaded from sqlite-vec on first use.
   * sqlite-vec's prebuilt vec0 scans without SIMD (~8 ms for 2,400 × 384 here), more than the whole
   * 10 ms retrieval budget; the same exact cosine scan over a Float32Array takes ~1.5 ms. vec0 stays
   * the stored source of truth (and `denseIdsVec0` the reference the tests compare against).
   */
  private matrix: {
    data: Float32Array
    chunkOf: Int32Array
    invNorm: Float32Array
    maxChunk: number
  } | null = null

  private loadMatrix() {
    if (this.matrix) return this.matrix
    const dim = this.row.dim as number
    const rows = this.db.prepare('SELECT rowid, embedding FROM chunk_vec').raw().all() as [
      number | bigint,
      Buffer,
    ][]
    const data = new Float32Array(rows.length * dim)
    const chunkOf = new Int32Array(rows.length)
    const invNorm = new Float32Array(rows.length)
    let maxChunk = 0
    rows.forEach(([rowid, blob], r) => {
      const v = new Float32Array(blob.buffer, blob.byteOffset, dim)
      data.set(v, r * dim)
      let n = 0
      for (let j = 0; j < dim; j++) n += (v[j] as number) ** 2
      invNorm[r] = n > 0 ? 1 / Math.sqrt(n) : 0
      chunkOf[r] = Math.floor(Number(rowid) / WINDOW_SLOTS)
      maxChunk = Math.max(maxChunk, chunkOf[r] as number)
    })
    this.matrix = { data, chunkOf, invNorm, maxChunk }
    return this.matrix
  }

  private checkDim(vector: Float32Array): void {
    if (vector.length !== this.row.dim) {
      throw new Error(
        `Query vector has ${vector.length} dimensions but ${this.row.filing}@${this.row.version} was embedded with ${this.row.dim}; re-ingest with the current model`,
      )
    }
  }

  /** Chunk ids by best-window cosine similarity, best first (exact brute force). */
  denseIds(vector: Float32Array, n: number): number[] {
    if (!this.knn) return []
    this.checkDim(vector)
    const { data, chunkOf, invNorm, maxChunk } = this.loadMatrix()
    const dim = vector.length
    const best = new Float32Array(maxChunk + 1).fill(Number.NEGATIVE_INFINITY)
    for (let r = 0, o = 0; r < chunkOf.length; r++, o += dim) {
      // Four accumulators let V8 overlap the multiply-adds.
      let a0 = 0
      let a1 = 0
      let a2 = 0
      let a3 = 0
      let j = 0
      for (; j + 3 < dim; j += 4) {
        a0 += (data[o + j] as number) * (vector[j] as number)
        a1 += (data[o + j + 1] as number) * (vector[j + 1] as number)
        a2 += (data[o + j + 2] as number) * (vector[j + 2] as number)
        a3 += (data[o + j + 3] as number) * (vector[j + 3] as number)
      }
      for (; j < dim; j++) a0 += (data[o + j] as number) * (vector[j] as number)
      const score = (a0 + a1 + a2 + a3) * (invNorm[r] as number)
      const c = chunkOf[r] as number
      if (score > (best[c] as number)) best[c] = score
    }
    const ids: number[] = []
    for (let c = 1; c <= maxChunk; c++) if (best[c] !== Number.NEGATIVE_INFINITY) ids.push(c)
    // Ties break by document order, like the keyword list.
    ids.sort((a, b) => (best[b] as number) - (best[a] as number) || a - b)
    return ids.slice(0, n)
  }

  /** The same ranking through sqlite-vec's vec0 KNN (the reference; slower, see `matrix`). */
  denseIdsVec0(vector: Float32Array, n: number): number[] {
    if (!this.knn) return []
    this.checkDim(vector)
    // Windows come back nearest first; a chunk ranks by its best (first-seen) window.
    const ids: number[] = []
    const seen = new Set<number>()
    for (const { rowid } of this.knn.all(vector, Math.min(VEC_MAX_K, n * 4))) {
      const id = Math.floor(Number(rowid) / WINDOW_SLOTS)
      if (seen.has(id)) continue
      seen.add(id)
      ids.push(id)
      if (ids.length >= n) break
    }
    return ids
  }

  chunk(id: number): Chunk | null {
    const r = this.chunkById.get(id)
    if (!r) return null
    return {
      id: r.chunk_id,
      filing: this.row.filing,
      version: this.row.version,
      ordinal: r.ordinal,
      text: r.text,
      pages: JSON.parse(r.pages) as string[],
      pdfPages: JSON.parse(r.pdf_pages) as number[],
      section: r.section,
      fallback: r.fallback === 1,
    }
  }

  page(label: string): PageRecord | null {
    const r = this.pageByLabel.get(label)
    return r ? toPage(r) : null
  }

  pageLabels(): string[] {
    return this.labels.all().map((r) => r.label)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}

class SqliteVersionWriter implements VersionWriter {
  private db: DB | null
  private nextChunkId = 1
  private nextPageOrd = 1
  private chunks = 0
  private pages = 0
  private vectors = 0
  private anyFallback = false
  private readonly insertChunk: Database.Statement
  private readonly insertFts: Database.Statement
  private readonly insertVec: Database.Statement | null
  private readonly insertPage: Database.Statement
  private done = false

  constructor(
    private readonly store: SqliteStore,
    readonly filing: string,
    readonly version: string,
    readonly dim: number | null,
    readonly path: string,
  ) {
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
    this.insertFts = db.prepare('INSERT INTO chunk_fts (rowid, terms) VALUES (?, ?)')
    this.insertVec = dim ? db.prepare('INSERT INTO chunk_vec (rowid, embedding) VALUES (?, ?)') : null
    this.insertPage = db.prepare(
      'INSERT INTO pages (ord, label, pdf_pages, text, matter, fallback) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.db = db
  }

  private live(): DB {
    if (!this.db || this.done) throw new Error(`Version ${this.filing}@${this.version} is already closed`)
    return this.db
  }

  async addPages(pages: PageRecord[]): Promise<void> {
    const db = this.live()
    db.transaction(() => {
      for (const p of pages) {
        this.insertPage.run(
          this.nextPageOrd++,
          p.label,
          JSON.stringify(p.pdfPages),
          p.text,
          p.matter,
          p.fallback ? 1 : 0,
        )
        if (p.fallback) this.anyFallback = true
      }
    })()
    this.pages += pages.length
  }

  async addChunks(items: ChunkInput[]): Promise<void> {
    const db = this.live()
    // Validate the whole batch before writing any of it.
    for (const { chunk, vectors } of items) {
      if (chunk.filing !== this.filing) {
        throw new Error(`Chunk ${chunk.id} belongs to filing "${chunk.filing}", not "${this.filing}"`)
      }
      if (vectors.length > 0 && !this.dim)
        throw new Error(`Chunk ${chunk.id} has vectors but the version has none`)
      if (vectors.length > WINDOW_SLOTS)
        throw new Error(`Chunk ${chunk.id} has ${vectors.length} windows (max ${WINDOW_SLOTS})`)
      for (const v of vectors) {
        if (v.length !== this.dim)
          throw new Error(`Chunk ${chunk.id}: vector of ${v.length} dimensions, expected ${this.dim}`)
      }
    }
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
        this.insertFts.run(id, ftsTextOf(chunk))
        vectors.forEach((v, w) => {
          this.insertVec?.run(BigInt(id * WINDOW_SLOTS + w), v)
        })
        if (vectors.length) this.vectors++
        if (chunk.fallback) this.anyFallback = true
      }
    })()
    this.chunks += items.length
  }

  async commit(commit: VersionCommit = {}): Promise<FilingStatus> {
    const db = this.live()
    if (this.chunks === 0)
      throw new Error(`Version ${this.filing}@${this.version} has no chunks; not committing`)
    // A version is embedded only if every chunk has vectors: a half-embedded version would silently
    // rank unembedded chunks by keyword alone.
    const embedded = this.dim !== null && this.vectors === this.chunks
    if (this.dim !== null && this.vectors !== 0 && !embedded) {
      throw new Error(
        `Version ${this.filing}@${this.version}: ${this.chunks - this.vectors} chunks have no vectors`,
      )
    }
    db.exec(`INSERT INTO chunk_fts (chunk_fts) VALUES ('optimize')`)
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
    const status = this.store.markLive(this, {
      chunks: this.chunks,
      pages: this.pages,
      embedded,
      fallback: this.anyFallback,
      meta: commit.meta ?? {},
    })
    this.done = true
    return status
  }

  async abort(): Promise<void> {
    if (this.done) return
    this.done = true
    if (this.db?.open) this.db.close()
    this.db = null
    this.store.forget(this)
  }
}

/** The FTS5 text of a chunk: its keyword terms, each as one FTS token. */
function ftsTextOf(chunk: Chunk): string {
  return keywordTerms(chunkKeywordText(chunk)).map(ftsToken).join(' ')
}

export { newVersionName } from './common'

export interface SqliteStoreOptions {
  /** Directory holding catalog.db and one folder per filing. */
  dir: string
}

/** Version files being built by any store instance in this process (a second instance must not drop them). */
const ACTIVE_BUILDS = new Set<string>()

export class SqliteStore implements Store {
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
    assertSafeName('filing', filing)
    const version = opts.version ?? newVersionName()
    assertSafeName('version', version)
    if (opts.dim !== null && !(Number.isInteger(opts.dim) && opts.dim > 0))
      throw new Error(`Invalid dim ${opts.dim}`)
    const live = this.liveRow.get(filing)
    if (live?.version === version)
      throw new Error(`Version ${filing}@${version} is live; pick another version name`)
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
  markLive(
    w: SqliteVersionWriter,
    s: { chunks: number; pages: number; embedded: boolean; fallback: boolean; meta: Record<string, unknown> },
  ): FilingStatus {
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
    const keyword = reader.keywordIds(query.text, n)
    const hits: SearchHit[] = []
    for (const f of rrfFuse(dense, keyword, query.k)) {
      const chunk = reader.chunk(f.id)
      if (!chunk) continue
      const hit: SearchHit = { chunk, score: f.score }
      if (f.denseRank !== undefined) hit.denseRank = f.denseRank
      if (f.keywordRank !== undefined) hit.keywordRank = f.keywordRank
      hits.push(hit)
    }
    return hits
  }

  async getPage(filing: string, label: string): Promise<PageRecord | null> {
    return this.reader(filing).page(label)
  }

  async listPages(filing: string): Promise<string[]> {
    return this.reader(filing).pageLabels()
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
      rmSync(path, { force: true })
      rmSync(`${path}-journal`, { force: true })
      dropped.push(row.version)
    }
    return dropped
  }

  async check(filing: string): Promise<string | null> {
    const row = this.liveRow.get(filing)
    if (!row) return null
    const path = this.versionPath(row.filing, row.version)
    if (!existsSync(path)) return `the live version's file (${row.version}.db) is missing`
    // A fresh read-only connection: the cached reader may predate the damage.
    let db: DB | undefined
    try {
      const open = openVersionDb(path, true)
      db = open
      const verdict = open.pragma('quick_check', { simple: true })
      if (verdict !== 'ok') return `the live version's file (${row.version}.db) is corrupt: ${verdict}`
      const tables = new Set(
        (
          db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all() as {
            name: string
          }[]
        ).map((t) => t.name),
      )
      const expected = ['meta', 'chunks', 'pages', 'chunk_fts', ...(row.embedded ? ['chunk_vec'] : [])]
      const absent = expected.filter((t) => !tables.has(t))
      if (absent.length)
        return `the live version's file (${row.version}.db) lacks table(s) ${absent.join(', ')}`
      const count = (table: string) =>
        (open.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
      const chunks = count('chunks')
      const pages = count('pages')
      if (chunks !== row.chunks || pages !== row.pages)
        return `the live version's file (${row.version}.db) holds ${chunks} chunks and ${pages} pages; the catalog expects ${row.chunks} and ${row.pages}`
      return null
    } catch (err) {
      return `the live version's file (${row.version}.db) cannot be read: ${(err as Error).message}`
    } finally {
      db?.close()
    }
  }

  async ping(): Promise<void> {
    this.catalog.prepare('SELECT 1').get()
  }

  async close(): Promise<void> {
    for (const w of [...this.writers]) await w.abort()
    for (const r of this.readers.values()) r.close()
    this.readers.clear()
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
