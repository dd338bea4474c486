/** Reads of one live SQLite version: keyword and dense candidates, chunks and pages. */
import type Database from 'better-sqlite3'
import type { Chunk, PageRecord } from '../../../contract/chunk'
import type { Table } from '../../../contract/tables'
import { lineItemTerms } from '../common'
import { rowHostList } from '../fusion'
import { addTermScores, addTermScoresWithB, FTS5_B, fts5DocSize } from './bm25'
import { WindowMatrix } from './dense'
import { rowReader } from './rows'
import {
  type CatalogRow,
  type ChunkRow,
  type DB,
  ftsToken,
  openVersionDb,
  type PageRow,
  toPage,
  VEC_MAX_K,
  WINDOW_SLOTS,
} from './schema'
import { tableReader } from './tables'

type Field = 'body' | 'heading' | 'form'
interface FieldParams {
  match: string
  n: number
}
interface ScoreRow {
  id: number
  score: number
}

/**
 * Rows a short field (section path, form description) may score: every chunk of a large filing.
 * The body is ranked to the candidate count; the short fields only add to what they match.
 */
const FIELD_ROWS = 100_000

interface FtsParams {
  match: string
  n: number
  heading: number
  form: number
}

/** One live version opened for reading, with its statements prepared once. */
export class VersionReader {
  readonly db: DB
  private readonly chunkById: Database.Statement<[number], ChunkRow>
  /** Versions written with one FTS5 table per field (body_fts, heading_fts, form_fts). */
  private readonly fieldFts: Record<Field, Database.Statement<[FieldParams], ScoreRow>> | null
  /** Versions written with the three fields in one chunk_fts table (or the body alone). */
  private readonly fts: Database.Statement<[FtsParams], { id: number }> | null
  private readonly knn: Database.Statement<[Float32Array, number], { rowid: number | bigint }> | null
  private readonly pageByLabel: Database.Statement<[string], PageRow>
  private readonly labels: Database.Statement<[], { label: string }>
  private readonly everyPage: Database.Statement<[], PageRow>
  private readonly tablesOf: (pageOrd: number) => Table[]
  private readonly rowUnits: ReturnType<typeof rowReader>
  /** The chunks' window vectors (null for a keyword-only version). */
  private readonly chunkVectors: WindowMatrix | null

  constructor(
    readonly path: string,
    readonly row: CatalogRow,
  ) {
    this.db = openVersionDb(path, true)
    this.db.pragma('query_only = 1')
    this.chunkById = this.db.prepare('SELECT * FROM chunks WHERE id = ?')
    // bm25() column weights (body, section path, form description): BM25F-style field weights.
    // Versions written before the fields existed have one column and rank by plain bm25.
    const perField = this.db.prepare('PRAGMA table_info(body_fts)').all().length > 0
    // FTS5's bm25() is negative (lower is better); the score here is higher-is-better.
    const fieldStatement = (f: Field) =>
      this.db.prepare<[FieldParams], ScoreRow>(
        `SELECT rowid AS id, -bm25(${f}_fts) AS score FROM ${f}_fts WHERE ${f}_fts MATCH @match ORDER BY rank LIMIT @n`,
      )
    this.fieldFts = perField
      ? { body: fieldStatement('body'), heading: fieldStatement('heading'), form: fieldStatement('form') }
      : null
    const columns = perField ? 0 : this.db.prepare('PRAGMA table_info(chunk_fts)').all().length
    this.fts = perField
      ? null
      : this.db.prepare(
          columns >= 3
            ? 'SELECT rowid AS id FROM chunk_fts WHERE chunk_fts MATCH @match ORDER BY bm25(chunk_fts, 1.0, @heading, @form) LIMIT @n'
            : 'SELECT rowid AS id FROM chunk_fts WHERE chunk_fts MATCH @match AND @heading + @form >= 0 ORDER BY rank LIMIT @n',
        )
    this.knn =
      row.dim && row.embedded
        ? this.db.prepare('SELECT rowid FROM chunk_vec WHERE embedding MATCH ? AND k = ? ORDER BY distance')
        : null
    // A version with printed pages serves only those; its unnumbered pages (kept for the amendment
    // report) are read with `pages()` alone.
    const printed = row.fallback ? '' : 'AND fallback = 0'
    this.pageByLabel = this.db.prepare(`SELECT * FROM pages WHERE label = ? ${printed} ORDER BY ord LIMIT 1`)
    this.labels = this.db.prepare(`SELECT label FROM pages WHERE 1 ${printed} ORDER BY ord`)
    this.everyPage = this.db.prepare('SELECT * FROM pages ORDER BY ord')
    this.tablesOf = tableReader(this.db)
    this.chunkVectors = this.knn ? new WindowMatrix(this.db, 'chunk_vec', row.dim as number) : null
    this.rowUnits = rowReader(this.db, this.knn ? (row.dim as number) : null)
  }

  /**
   * Host chunk ids of the best table rows (keyword rows matching the terms, and dense rows near
   * `vector` when the rows carry vectors, fused as chunks are), each host once at its best row.
   */
  rowHostIds(queryTerms: readonly string[], vector: Float32Array | null, n: number): number[] {
    const terms = queryTerms.slice(0, 64)
    // Several rows of one table share a host: read more rows than hosts wanted.
    const keyword = this.rowUnits.keyword(lineItemTerms(terms), terms, n * 4)
    let dense: number[] = []
    if (vector && this.knn) {
      this.checkDim(vector)
      dense = this.rowUnits.dense(vector, n * 4)
    }
    return rowHostList(dense, keyword, this.rowUnits.hostOf)
  }

  keywordIds(
    queryTerms: readonly string[],
    n: number,
    weights: { heading: number; form: number } = { heading: 1, form: 1 },
    idf: 'lucene' | 'fts5' = 'lucene',
    termWeights?: readonly number[],
    headingB: number = FTS5_B,
  ): number[] {
    // FTS5 MATCH expressions have a size limit; a question never has this many distinct terms.
    const terms = queryTerms.slice(0, 64)
    if (terms.length === 0) return []
    if (this.fts) {
      // One FTS5 ranking cannot weight a term: a version of this layout searches the question's own
      // terms only, as fieldScores ranks its short fields (WordNet's expansions would count in full).
      const own = terms.filter((_, i) => (termWeights?.[i] ?? 1) >= 1)
      if (own.length === 0) return []
      const match = own.map((t) => `"${ftsToken(t)}"`).join(' OR ')
      return this.fts.all({ match, n, heading: weights.heading, form: weights.form }).map((r) => r.id)
    }
    return this.fieldScores(terms, n, weights, idf, termWeights, headingB)
  }

  private readonly lengths = new Map<Field, { of: Map<number, number>; avg: number }>()
  /** Each row's length in tokens in one field's FTS5 table, and their mean (read once per version). */
  private fieldLengths(field: Field): { of: Map<number, number>; avg: number } {
    const known = this.lengths.get(field)
    if (known) return known
    const of = new Map<number, number>()
    let total = 0
    const rows = this.db.prepare(`SELECT id, sz FROM ${field}_fts_docsize`).all() as {
      id: number
      sz: Buffer
    }[]
    for (const r of rows) {
      const dl = fts5DocSize(r.sz)
      of.set(r.id, dl)
      total += dl
    }
    const out = { of, avg: of.size > 0 ? total / of.size : 0 }
    this.lengths.set(field, out)
    return out
  }

  private rows: number | null = null
  /** Rows of the body index (one per chunk), FTS5's N. */
  private rowCount(): number {
    this.rows ??= (this.db.prepare('SELECT count(*) AS n FROM chunks').get() as { n: number }).n
    return this.rows
  }

  /**
   * BM25 of the body plus the weighted BM25 of each short field, each normalised by its own length
   * (a sum of per-field BM25s; FTS5 cannot weigh term frequencies across tables as true BM25F does).
   * The body ranks its own `n` best; the fields add to those and may bring in chunks whose body
   * lacks the terms but whose section names them.
   */
  private fieldScores(
    terms: readonly string[],
    n: number,
    weights: { heading: number; form: number },
    idf: 'lucene' | 'fts5',
    termWeights: readonly number[] | undefined,
    headingB: number,
  ): number[] {
    const fts = this.fieldFts as Record<Field, Database.Statement<[FieldParams], ScoreRow>>
    const weightOf = (i: number) => termWeights?.[i] ?? 1
    // Expansion terms (weight below 1) score the body only, and only with Lucene's IDF (scored a
    // term at a time): the short fields and FTS5's own ranking take the question's terms.
    const own = terms.filter((_, i) => weightOf(i) >= 1)
    if (own.length === 0) return []
    const match = own.map((t) => `"${ftsToken(t)}"`).join(' OR ')
    const scores = new Map<number, number>()
    if (idf === 'lucene') {
      // One query per term: its rows are its df, and each row's score its FTS5-IDF BM25 (bm25.ts).
      const rows = this.rowCount()
      terms.forEach((t, i) => {
        addTermScores(scores, fts.body.all({ match: `"${ftsToken(t)}"`, n: FIELD_ROWS }), rows, weightOf(i))
      })
    } else for (const r of fts.body.all({ match, n })) scores.set(r.id, r.score)
    for (const field of ['heading', 'form'] as const) {
      const w = weights[field]
      if (w <= 0) continue
      if (field === 'heading' && headingB !== FTS5_B) {
        // FTS5 fixes b; another b needs each term's own score and the row's length (bm25.ts).
        const lengths = this.fieldLengths(field)
        for (const t of own)
          addTermScoresWithB(
            scores,
            fts[field].all({ match: `"${ftsToken(t)}"`, n: FIELD_ROWS }),
            this.rowCount(),
            lengths,
            headingB,
            w,
          )
        continue
      }
      for (const r of fts[field].all({ match, n: FIELD_ROWS }))
        scores.set(r.id, (scores.get(r.id) ?? 0) + w * r.score)
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, n)
      .map(([id]) => id)
  }

  private checkDim(vector: Float32Array): void {
    if (vector.length !== this.row.dim) {
      throw new Error(
        `Query vector has ${vector.length} dimensions but ${this.row.filing}@${this.row.version} was embedded with ${this.row.dim}; re-ingest with the current model`,
      )
    }
  }

  /** Chunk ids by best-window cosine similarity, best first (exact brute force; dense.ts). */
  denseIds(vector: Float32Array, n: number): number[] {
    if (!this.chunkVectors) return []
    this.checkDim(vector)
    return this.chunkVectors.rank(vector, n)
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
    if (!r) return null
    const page = toPage(r)
    const tables = this.tablesOf(r.ord)
    if (tables.length) page.tables = tables
    return page
  }

  pages(): PageRecord[] {
    return this.everyPage.all().map(toPage)
  }

  pageLabels(): string[] {
    return this.labels.all().map((r) => r.label)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}
