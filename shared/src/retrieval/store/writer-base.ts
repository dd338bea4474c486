/**
 * The version-writer skeleton both stores share: batch validation, the running counts, the
 * "embedded only if every chunk has vectors" rule and the closed-after-commit/abort state. A store
 * supplies only how pages and chunks are written and how a version goes live or is discarded.
 */
import type { PageRecord } from '../../contract/chunk'
import type { ChunkInput, FilingStatus, RowUnitInput, VersionCommit, VersionWriter } from './types'

/** What a committed version holds, as the skeleton counted it. */
export interface VersionTotals {
  chunks: number
  pages: number
  embedded: boolean
  fallback: boolean
  meta: Record<string, unknown>
}

export abstract class VersionWriterBase implements VersionWriter {
  private chunks = 0
  /** Ids of the chunks written so far: a row unit must name one as its host. */
  private readonly chunkIds = new Set<string>()
  private pages = 0
  private printedPages = 0
  private unnumberedPages = 0
  private vectors = 0
  private anyFallback = false
  protected done = false

  constructor(
    readonly filing: string,
    readonly version: string,
    readonly dim: number | null,
    /** The most embedding windows one chunk may have (a store's storage limit). */
    private readonly maxWindows = Number.POSITIVE_INFINITY,
  ) {}

  protected abstract writePages(pages: PageRecord[]): Promise<void>
  protected abstract writeChunks(items: ChunkInput[]): Promise<void>
  protected abstract writeRows(rows: RowUnitInput[]): Promise<void>
  /** Makes the version live; called once, after the skeleton's checks. */
  protected abstract publish(totals: VersionTotals): Promise<FilingStatus>
  /** Throws away the version's storage; called at most once. */
  protected abstract discard(): Promise<void>

  /** Throws when the version was committed or aborted. */
  protected assertOpen(): void {
    if (this.done) throw new Error(`Version ${this.filing}@${this.version} is already closed`)
  }

  async addPages(pages: PageRecord[]): Promise<void> {
    this.assertOpen()
    await this.writePages(pages)
    // Unnumbered pages (a cover, Part II) are kept for the amendment report but are not printed
    // pages: the version counts and serves them only when it has no printed page at all.
    const printed = pages.filter((p) => !p.fallback).length
    this.printedPages += printed
    this.unnumberedPages += pages.length - printed
    this.pages = this.printedPages || this.unnumberedPages
  }

  /** A unit's vectors fit the version: none without a dim, else at most maxWindows of size dim. */
  private checkVectors(unit: string, vectors: readonly Float32Array[]): void {
    if (vectors.length > 0 && !this.dim) throw new Error(`${unit} has vectors but the version has none`)
    if (vectors.length > this.maxWindows)
      throw new Error(`${unit} has ${vectors.length} windows (max ${this.maxWindows})`)
    for (const v of vectors) {
      if (v.length !== this.dim)
        throw new Error(`${unit}: vector of ${v.length} dimensions, expected ${this.dim}`)
    }
  }

  async addChunks(items: ChunkInput[]): Promise<void> {
    this.assertOpen()
    // Validate the whole batch before writing any of it.
    for (const { chunk, vectors } of items) {
      if (chunk.filing !== this.filing) {
        throw new Error(`Chunk ${chunk.id} belongs to filing "${chunk.filing}", not "${this.filing}"`)
      }
      this.checkVectors(`Chunk ${chunk.id}`, vectors)
    }
    await this.writeChunks(items)
    for (const { chunk, vectors } of items) {
      if (vectors.length) this.vectors++
      if (chunk.fallback) this.anyFallback = true
    }
    this.chunks += items.length
    for (const { chunk } of items) this.chunkIds.add(chunk.id)
  }

  async addRows(rows: RowUnitInput[]): Promise<void> {
    this.assertOpen()
    for (const r of rows) {
      if (!this.chunkIds.has(r.host))
        throw new Error(
          `Table row on p.${r.page} names host chunk ${r.host}, which this version does not hold`,
        )
      if (!r.text.trim()) throw new Error(`Table row on p.${r.page} has no text`)
      this.checkVectors(`Table row "${r.label}" on p.${r.page}`, r.vectors ?? [])
    }
    if (rows.length) await this.writeRows(rows)
  }

  async commit(commit: VersionCommit = {}): Promise<FilingStatus> {
    this.assertOpen()
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
    const status = await this.publish({
      chunks: this.chunks,
      pages: this.pages,
      embedded,
      fallback: this.anyFallback || (this.printedPages === 0 && this.unnumberedPages > 0),
      meta: commit.meta ?? {},
    })
    this.done = true
    return status
  }

  async abort(): Promise<void> {
    if (this.done) return
    this.done = true
    await this.discard()
  }
}
