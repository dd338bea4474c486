/**
 * ingestFiling: the full pipeline into a store. Everything that can fail on the input (reading,
 * paging, chunking, embedding) runs before the store is touched; the write then goes into a new
 * version beside the live one, which becomes live only on `commit()`. Any failure aborts that
 * version, so the live collection stays exactly as it was.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { stripPageTags } from '@asks1/shared/contract/citations'
import type { Embedder } from '@asks1/shared/retrieval/embedder'
import type { ChunkInput, FilingStatus, Store, VersionWriter } from '@asks1/shared/store'
import { diffPages, type PageChanges } from './changes'
import { CHUNK_OVERLAP, CHUNK_WORDS, chunkPages } from './chunk'
import { pagesFor } from './matter'
import { InputError } from './pdf'
import { type PagesReport, type ReadResult, readPagesFromData } from './read'
import { tableRowUnits } from './table-units'

export type Stage = 'extract' | 'embed' | 'write'

export interface IngestOptions {
  /** Filing id (the collection is named after it). */
  filing: string
  /** The filing's PDF or HTML. */
  file: string
  /** Required unless `dryRun`. */
  store?: Store | null
  embedder: Embedder
  /** Forces the front-matter cut at this many physical pages. */
  skipPages?: number
  /**
   * Index each table row as a unit that lifts its host chunk (table-units.ts; default true).
   * `false` writes no row, as versions written before rows existed.
   */
  tableRows?: boolean
  /**
   * Chunks stop at the filing's section headings (chunk.ts, windows.ts; default false: 400-word
   * windows over the whole body). Callers pass the `chunksections` feature (RETRIEVAL_ON).
   */
  sections?: boolean
  /** Everything but the write. */
  dryRun?: boolean
  onProgress?: (stage: Stage, done: number, total: number) => void
  /** Aborting stops the run between batches and discards the version being built. */
  signal?: AbortSignal
  /** Chunks embedded per call. */
  batchSize?: number
}

export interface IngestSummary {
  filing: string
  file: string
  sha256: string
  dryRun: boolean
  /** The version written (null on a dry run). */
  version: string | null
  pages: PageRecord[]
  report: PagesReport
  chunks: Chunk[]
  embedded: boolean
  model: string | null
  timings: {
    extractMs: number
    pagingMs: number
    chunkMs: number
    embedMs: number
    writeMs: number
    totalMs: number
  }
  /** The live status after commit (null on a dry run). */
  status: FilingStatus | null
  /** What changed against the version that was live before (null when there was none). */
  changes: PageChanges | null
}

const DRY_RUN_VERSION = 'dry-run'

export async function ingestFiling(opts: IngestOptions): Promise<IngestSummary> {
  const t0 = performance.now()
  if (!opts.dryRun && !opts.store) throw new Error('ingestFiling: a store is required unless dryRun')
  let data: Buffer
  try {
    data = await readFile(opts.file)
  } catch (err) {
    throw new InputError(`cannot read ${opts.file}: ${(err as NodeJS.ErrnoException).code ?? err}`)
  }
  const sha256 = createHash('sha256').update(data).digest('hex')
  const read = await readPagesFromData(
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    opts.file,
    {
      ...(opts.skipPages !== undefined ? { skipPages: opts.skipPages } : {}),
      onProgress: (_stage, done, total) => opts.onProgress?.('extract', done, total),
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
  )
  opts.signal?.throwIfAborted()
  return ingestPages({ ...opts, read, sha256, startedAt: t0 })
}

export interface IngestPagesOptions extends Omit<IngestOptions, 'skipPages'> {
  /** Pages already read (by `readPages`). */
  read: ReadResult
  /** Hash of the source file, kept with the version. */
  sha256: string
  /** performance.now() when the run started, for the total time. */
  startedAt?: number
  /** More facts kept with the version (`ingest amend`: which registry version it holds). */
  meta?: Record<string, unknown>
}

/** The pipeline after reading: chunk, embed, write a new version and swap it in. */
export async function ingestPages(opts: IngestPagesOptions): Promise<IngestSummary> {
  const t0 = opts.startedAt ?? performance.now()
  const { filing, embedder, sha256 } = opts
  const { pages, report } = opts.read
  if (!opts.dryRun && !opts.store) throw new Error('ingestPages: a store is required unless dryRun')

  const t1 = performance.now()
  const body = pagesFor('chunk', pages)
  const chunks = chunkPages(body, {
    filing,
    version: DRY_RUN_VERSION,
    sections: opts.sections === true,
  })
  const rows = opts.tableRows === false ? [] : tableRowUnits(body, chunks)
  if (chunks.length === 0)
    throw new InputError(`${opts.file}: no body text left to chunk after trimming front and back matter`)
  const t2 = performance.now()

  const ready = embedder.status === 'ready'
  const vectors: Float32Array[][] = []
  if (ready) {
    // Chunks, then table rows (the text their keyword index holds), so dense search can hit a row.
    const texts = [...chunks.map((c) => stripPageTags(c.text)), ...rows.map((r) => r.text)]
    const batch = opts.batchSize ?? 16
    opts.onProgress?.('embed', 0, texts.length)
    for (let i = 0; i < texts.length; i += batch) {
      opts.signal?.throwIfAborted()
      vectors.push(...(await embedder.embedDocuments(texts.slice(i, i + batch))))
      opts.onProgress?.('embed', Math.min(i + batch, texts.length), texts.length)
    }
    rows.forEach((r, i) => {
      r.vectors = vectors[chunks.length + i] ?? []
    })
  }
  const t3 = performance.now()

  // Every page is stored (see pagesFor); the page-change line compares the printed ones.
  const stored = pagesFor('store', pages)
  const changes = opts.store
    ? await changesSinceLive(opts.store, filing, pagesFor('printed', pages), sha256)
    : null

  let version: string | null = null
  let status: FilingStatus | null = null
  if (!opts.dryRun && opts.store) {
    const writer: VersionWriter = await opts.store.beginVersion(filing, { dim: ready ? embedder.dim : null })
    try {
      version = writer.version
      for (const c of chunks) c.version = writer.version
      await writer.addPages(stored)
      const batch = 64
      opts.onProgress?.('write', 0, chunks.length)
      for (let i = 0; i < chunks.length; i += batch) {
        opts.signal?.throwIfAborted()
        const items: ChunkInput[] = chunks
          .slice(i, i + batch)
          .map((chunk, k) => ({ chunk, vectors: ready ? (vectors[i + k] ?? []) : [] }))
        await writer.addChunks(items)
        opts.onProgress?.('write', Math.min(i + batch, chunks.length), chunks.length)
      }
      for (let i = 0; i < rows.length; i += 256) {
        opts.signal?.throwIfAborted()
        await writer.addRows(rows.slice(i, i + 256))
      }
      opts.signal?.throwIfAborted()
      status = await writer.commit({
        meta: {
          source: basename(opts.file),
          sha256,
          sourceType: report.source,
          physicalPages: report.physicalPages,
          markers: report.markers,
          interpolated: report.interpolated,
          trimmed: report.trimmed,
          fallback: report.fallback,
          model: ready ? embedder.model : null,
          chunkWords: CHUNK_WORDS,
          chunkOverlap: CHUNK_OVERLAP,
          chunkSections: opts.sections === true,
          tableRows: rows.length,
          ...opts.meta,
        },
      })
    } catch (err) {
      await writer.abort()
      throw err
    }
  }
  const t4 = performance.now()
  return {
    filing,
    file: opts.file,
    sha256,
    dryRun: opts.dryRun === true,
    version,
    pages,
    report,
    chunks,
    embedded: ready,
    model: ready ? embedder.model : null,
    timings: {
      extractMs: report.timings.extractMs,
      pagingMs: report.timings.pagingMs,
      chunkMs: t2 - t1,
      embedMs: t3 - t2,
      writeMs: t4 - t3,
      totalMs: t4 - t0,
    },
    status,
    changes,
  }
}

/** The live version's pages compared with the ones about to be written (null when none is live). */
async function changesSinceLive(
  store: Store,
  filing: string,
  pages: PageRecord[],
  sha256: string,
): Promise<PageChanges | null> {
  const live = await store.status(filing)
  if (!live) return null
  // A damaged live version (the reason for this re-ingest, often) has nothing to compare with.
  if (await store.check(filing)) return null
  // Printed pages, compared as the store serves them (the unnumbered ones only when nothing is printed).
  const before = (await store.getPages(filing)).filter((p) => live.fallback || !p.fallback)
  return { previous: live.version, sourceChanged: live.meta.sha256 !== sha256, ...diffPages(before, pages) }
}
