/**
 * The one store contract that sqlite (embedded default) and qdrant implement, and that the
 * contract test suite runs against both.
 */
import type { Chunk, PageRecord } from '../../contract/chunk'

export interface ChunkInput {
  chunk: Chunk
  /**
   * Dense vectors of the chunk's tag-free text, one per embedding window (a chunk scores by its
   * best window). Empty when no embedding model is present (keyword-only).
   */
  vectors: Float32Array[]
}

/**
 * A table row indexed as a retrieval unit of its own ("Consolidated Statements of Operations.
 * Revenue — Year ended December 31, 2011: $3,711 million; …"). A row is never a hit: when it
 * matches, it lifts its host chunk (the chunk whose text prints the row), so the top results stay
 * one per passage and cite the row's printed page.
 */
export interface RowUnitInput {
  /** Id of the chunk the row is printed in (written earlier in the same version). */
  host: string
  /** Printed page of the row. */
  page: string
  /** The row's label as printed ("Revenue"): a question's line-item terms must match it. */
  label: string
  /** The row as a sentence with its table's title, column periods and units (`rowText`). */
  text: string
  /**
   * Dense vectors of `text` by the chunks' embedder (one per window), so dense search can hit the
   * row too. Absent or empty when no embedding model is present: the row is keyword-only.
   */
  vectors?: Float32Array[]
}

export interface SearchQuery {
  /** Keyword terms in index space (`analyzeQuery(question).terms`); the store derives none itself. */
  terms: readonly string[]
  /**
   * Query weight of each term, parallel to `terms` (default 1). Terms weighted below 1 are
   * expansions (retrieve.ts: WordNet's derivations and synonyms): SQLite scores them in the body
   * only (not at all in a version written before the per-field tables), Qdrant as the sparse
   * query's value.
   */
  termWeights?: readonly number[]
  /** Query vector, or null for keyword-only search. */
  vector: Float32Array | null
  /** Results to return after fusion. */
  k: number
  /** Candidates taken from each of dense and BM25 before fusion (at least 50). */
  candidates?: number
  /**
   * Keyword field weights relative to the body (default FIELD_WEIGHTS; 0 turns a field off).
   * SQLite applies them at query time; Qdrant bakes SPARSE_FIELD_WEIGHTS into its sparse vectors at ingest.
   */
  fieldWeights?: { heading: number; form: number }
  /**
   * Also rank the version's table-row units (keyword, and dense when `vector` is given and the rows
   * carry vectors), each lifting its host chunk as a third RRF list. Off by default; `retrieve`
   * turns it on for figure questions (rows.ts).
   */
  rows?: boolean
  /**
   * Body IDF: 'lucene' (default, positive for a term in most chunks; store/sqlite/bm25.ts) or
   * 'fts5' (FTS5's own, ~0 for a term in half the chunks). SQLite only.
   */
  idf?: 'lucene' | 'fts5'
  /**
   * BM25 length normalisation b of the section-path field (default 0.75, FTS5's own; `retrieve`
   * gives FIELD_B.heading with the `pathb` feature). SQLite only: Qdrant bakes the fields into one
   * sparse vector at ingest.
   */
  headingB?: number
}

export interface SearchHit {
  chunk: Chunk
  /** Fused (RRF) score from a store; after `retrieve`'s rerank, the rerank score. Higher is better. */
  score: number
  /** 1-based ranks in each candidate list, when the chunk was in it. */
  denseRank?: number
  keywordRank?: number
  /** 1-based rank of the chunk's best-matching table row, when `rows` was asked and one matched. */
  rowRank?: number
}

export interface FilingStatus {
  filing: string
  version: string
  chunks: number
  pages: number
  /** ISO timestamp of when the version went live. */
  ingestedAt: string
  /** Whether chunks carry dense vectors (false: keyword-only). */
  embedded: boolean
  /** Page labels are PDF page numbers (no printed markers found). */
  fallback: boolean
  /** Free-form ingest facts (source file hash, markers found, …). */
  meta: Record<string, unknown>
}

export interface VersionCommit {
  /** Free-form ingest facts kept with the version. */
  meta?: Record<string, unknown>
}

/** A version being built beside the live one; invisible to readers until `commit()`. */
export interface VersionWriter {
  readonly filing: string
  readonly version: string
  addPages(pages: PageRecord[]): Promise<void>
  addChunks(items: ChunkInput[]): Promise<void>
  /** Table-row units; each host chunk must have been added first. */
  addRows(rows: RowUnitInput[]): Promise<void>
  /** Makes this version live atomically. */
  commit(commit?: VersionCommit): Promise<FilingStatus>
  /** Discards the version; the live one is untouched. */
  abort(): Promise<void>
}

export interface Store {
  readonly kind: 'sqlite' | 'qdrant'
  /** Starts a new version of `filing`'s collection; `dim` is the dense vector size, null for none. */
  beginVersion(filing: string, opts: { dim: number | null; version?: string }): Promise<VersionWriter>
  /** Hybrid search in the live version of one filing only. */
  search(filing: string, query: SearchQuery): Promise<SearchHit[]>
  /** Text of one printed page of the live version (or of `opts.version`, a committed one), or null. */
  getPage(filing: string, label: string, opts?: VersionRead): Promise<PageRecord | null>
  /** All printed page labels of the live version (or of `opts.version`), in document order. */
  listPages(filing: string, opts?: VersionRead): Promise<string[]>
  /** Every printed page of the live version (or of `opts.version`), in document order. */
  getPages(filing: string, opts?: VersionRead): Promise<PageRecord[]>
  /**
   * Committed versions of a filing, oldest first: the live one and the previous ones a re-ingest kept
   * (an amendment is compared with them). [] when the filing was never ingested.
   */
  listVersions(filing: string): Promise<FilingStatus[]>
  /** Live status of every ingested filing. */
  listFilings(): Promise<FilingStatus[]>
  status(filing: string): Promise<FilingStatus | null>
  /** Drops versions other than the live one (keeping the `keep` newest old ones); returns dropped names. */
  dropOldVersions(filing: string, keep?: number): Promise<string[]>
  /**
   * Checks that the live version of `filing` can be read whole (files intact, expected tables,
   * chunk and page counts as committed). Null when it is sound, else a one-line problem that names
   * no server path (it reaches /ready). A filing with no live version is not this method's concern:
   * it returns null and `status` says null.
   */
  check(filing: string): Promise<string | null>
  /** Throws when the backing service is unreachable. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** Reads a committed version other than the live one (default: the live one). */
export interface VersionRead {
  version?: string
}

export class UnknownVersionError extends Error {
  override name = 'UnknownVersionError'
  constructor(
    readonly filing: string,
    readonly version: string,
  ) {
    super(`Filing "${filing}" has no committed version "${version}"`)
  }
}

export class UnknownFilingError extends Error {
  override name = 'UnknownFilingError'
  constructor(readonly filing: string) {
    super(`Filing "${filing}" has not been ingested`)
  }
}

/**
 * A store file SQLite cannot use (corrupt, not a database, unreadable): the message names the file,
 * so an operator reading one line knows what to restore or move aside.
 */
export class StoreFileError extends Error {
  override name = 'StoreFileError'
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `${file} is not a usable SQLite database (${(cause as Error)?.message ?? cause}); restore it from a backup or move it aside to rebuild`,
      { cause },
    )
  }
}
