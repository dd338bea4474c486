/**
 * The engine behind `pnpm eval` and `pnpm eval:retrieval`: ingest the planned filings into a
 * scratch SQLite data directory with the real pipeline, measure page accuracy where ground truth
 * exists, then score retrieval keyword-only and (with a model) hybrid.
 *
 * The store is always SQLite in a fresh temp directory, whatever STORE says: an evaluation must
 * never overwrite the user's data or a deployment's Qdrant collections.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { ingestFiling } from '@asks1/ingest'
import { type BaseConfig, loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import type { Chunk } from '@asks1/shared/contract/chunk'
import { featuresOff, type RetrievalFeatures, retrieve } from '@asks1/shared/retrieval'
import { type Embedder, loadEmbedder, missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore, type Store } from '@asks1/shared/store'
import { pageAccuracy } from './accuracy'
import { PlainBm25 } from './baseline'
import { latencySummary, type RetrievalSummary, summarizeRetrieval } from './metrics'
import { groupOfSet, type Plan } from './plan'
import type { EvalQuestion } from './questions'
import type { IngestResult, PagesResult, QuestionDetail, RetrievalBlock, RetrievalMode } from './report'
import { type RetrieveFn, scoreRetrieval, summarizeByKind, summarizeBySet } from './score'
import { createScratch, type Scratch } from './scratch'

export type Log = (message: string) => void
export const stderrLog: Log = (message) => process.stderr.write(`${message}\n`)

/** The shared evaluation data (ground truth, FinanceBench) sits beside the repository. */
export function sharedDataDir(env: Record<string, string | undefined> = process.env): string {
  return env.ASKS1_SHARED_DATA ?? resolve(ROOT_DIR, '../shared/data')
}

export interface RunContext {
  scratch: Scratch
  config: BaseConfig
  store: Store
  /** The real embedder (status 'missing' when no model is present). */
  embedder: Embedder
  ingest: IngestResult[]
  pages: PagesResult[]
  /** Filing ids that were ingested successfully. */
  available: Set<string>
  /** The chunks each filing was stored as: the plain-BM25 baseline ranks the same chunks. */
  chunks: Map<string, Chunk[]>
  close(): Promise<void>
}

const display = (file: string) => {
  const rel = relative(ROOT_DIR, file)
  return rel.startsWith('..') ? file : rel
}

function readGroundTruth(file: string): { page: string; sentence: string }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { page: string; sentence: string })
}

export interface PrepareOptions {
  env?: Record<string, string | undefined>
  keep?: boolean
  log?: Log
  /** Ground truth per filing id: `<dir>/<id>.jsonl`. */
  groundTruthDir?: string
}

/** Ingests every planned filing; a filing that fails is reported and its questions are skipped. */
export async function prepare(plan: Plan, opts: PrepareOptions = {}): Promise<RunContext> {
  const log = opts.log ?? stderrLog
  const env = opts.env ?? process.env
  const scratch = createScratch(plan.filings, { keep: opts.keep })
  if (opts.keep) log(`scratch data directory: ${scratch.dir}`)
  const config = loadBaseConfig({
    ...env,
    DATA_DIR: scratch.dataDir,
    FILINGS_CONFIG: scratch.registryPath,
    STORE: 'sqlite',
  })
  const embedder = await loadEmbedder(config, { log })
  const store = await openStore(config)
  const ingest: IngestResult[] = []
  const pages: PagesResult[] = []
  const available = new Set<string>()
  const chunks = new Map<string, Chunk[]>()
  const gtDir = opts.groundTruthDir ?? join(sharedDataDir(env), 'groundtruth')
  for (const f of plan.filings) {
    const t0 = performance.now()
    log(
      `ingest ${f.id} <- ${display(f.file)}${embedder.status === 'ready' ? ' (embedding)' : ' (keyword-only)'}`,
    )
    try {
      let lastTick = 0
      const summary = await ingestFiling({
        filing: f.id,
        file: f.file,
        store,
        embedder,
        // Chunking is retrieval's ingest-time part: RETRIEVAL_ON=chunksections measures chunks cut at headings.
        sections: featuresOff(env.RETRIEVAL_OFF, env.RETRIEVAL_ON).chunksections,
        onProgress: (stage, done, total) => {
          // One line per 25% of the embedding stage: it is the slow one.
          if (stage !== 'embed' || total === 0) return
          const tick = Math.floor((4 * done) / total)
          if (tick > lastTick) log(`  embed ${done}/${total}`)
          lastTick = tick
        },
      })
      const seconds = (performance.now() - t0) / 1000
      available.add(f.id)
      chunks.set(f.id, summary.chunks)
      ingest.push({
        filing: f.id,
        file: display(f.file),
        seconds: Math.round(seconds * 10) / 10,
        chunks: summary.chunks.length,
        pages: summary.pages.length,
        stages_ms: Object.fromEntries(Object.entries(summary.timings).map(([k, v]) => [k, Math.round(v)])),
      })
      log(`  ${summary.pages.length} pages, ${summary.chunks.length} chunks in ${seconds.toFixed(1)} s`)
      const gt = join(gtDir, `${f.id}.jsonl`)
      if (existsSync(gt)) {
        const acc = pageAccuracy(summary.pages, readGroundTruth(gt))
        pages.push({
          filing: f.id,
          file: display(f.file),
          accuracy: Math.round(acc.share * 10000) / 10000,
          sentences: acc.total,
          found: acc.found,
        })
        log(
          `  page accuracy ${(acc.share * 100).toFixed(2)}% (${acc.found}/${acc.total} ground-truth sentences)`,
        )
      }
    } catch (err) {
      const message = (err as Error).message.split('\n')[0] ?? String(err)
      ingest.push({
        filing: f.id,
        file: display(f.file),
        seconds: 0,
        chunks: null,
        pages: null,
        error: message,
      })
      log(`  FAILED: ${message}`)
    }
  }
  return {
    scratch,
    config,
    store,
    embedder,
    ingest,
    pages,
    available,
    chunks,
    close: async () => {
      await store.close()
      scratch.dispose()
    },
  }
}

/**
 * Retrieval modes this run can score: keyword-only always, hybrid when a model is loaded, and the
 * plain-BM25 baseline on the same chunks whenever the chunks are known.
 */
export function retrievalModes(embedder: Embedder, withBaseline = false): RetrievalMode[] {
  const modes: RetrievalMode[] = embedder.status === 'ready' ? ['keyword', 'hybrid'] : ['keyword']
  return withBaseline ? [...modes, 'baseline'] : modes
}

/** The retrieval call of one mode: the plain BM25 of baseline.ts, or the product's `retrieve`. */
function retrieverFor(
  mode: RetrievalMode,
  ctx: Pick<RunContext, 'store' | 'embedder' | 'chunks'>,
  features: RetrievalFeatures,
): RetrieveFn {
  if (mode === 'baseline') {
    const indexes = new Map<string, PlainBm25<Chunk>>()
    return async (filing, question, k) => {
      let index = indexes.get(filing)
      if (!index) {
        index = new PlainBm25(ctx.chunks.get(filing) ?? [])
        indexes.set(filing, index)
      }
      return index.search(question, k)
    }
  }
  const embedder = mode === 'hybrid' ? ctx.embedder : missingEmbedder('keyword-only evaluation')
  return async (filing, question, k) =>
    (await retrieve(ctx.store, embedder, filing, question, k, { features })).map((h) => h.chunk)
}

export interface RetrievalRun {
  block: RetrievalBlock
  details: QuestionDetail[]
}

export async function evaluateRetrieval(
  ctx: Pick<RunContext, 'store' | 'embedder' | 'available'> & Partial<Pick<RunContext, 'chunks'>>,
  questions: readonly EvalQuestion[],
  log: Log = stderrLog,
): Promise<RetrievalRun> {
  const chunks = ctx.chunks ?? new Map<string, Chunk[]>()
  const modes = retrievalModes(ctx.embedder, chunks.size > 0)
  // RETRIEVAL_OFF=heading,rerank,… measures retrieval with components turned off (features.ts).
  const features = featuresOff(process.env.RETRIEVAL_OFF, process.env.RETRIEVAL_ON)
  const byMode: Partial<Record<RetrievalMode, RetrievalSummary>> = {}
  const bySet: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>> = {}
  const byGroup: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>> = {}
  const byKind: Record<string, Partial<Record<RetrievalMode, RetrievalSummary>>> = {}
  const latency: NonNullable<RetrievalBlock['latency_ms']> = {}
  const details: QuestionDetail[] = questions.map((q) => ({
    id: q.id,
    filing: q.filing,
    kind: q.kind,
    set: q.set,
    rank: {},
    ...(ctx.available.has(q.filing) ? {} : { skipped: 'filing not ingested' }),
  }))
  for (const mode of modes) {
    log(`retrieval (${mode}): ${questions.length} questions`)
    const { outcomes, latencies } = await scoreRetrieval(
      questions,
      ctx.available,
      retrieverFor(mode, { ...ctx, chunks }, features),
    )
    outcomes.forEach((o, i) => {
      const d = details[i]
      if (d && !o.skipped) d.rank[mode] = o.rank
    })
    const { all, bySet: sets } = summarizeBySet(questions, outcomes)
    byMode[mode] = all
    for (const [set, s] of Object.entries(sets)) bySet[set] = { ...bySet[set], [mode]: s }
    for (const group of [...new Set(questions.map((q) => groupOfSet(q.set)))]) {
      const picked = outcomes.filter((_, i) => groupOfSet(questions[i]?.set ?? '') === group)
      byGroup[group] = { ...byGroup[group], [mode]: summarizeRetrieval(picked) }
    }
    for (const [kind, s] of Object.entries(summarizeByKind(questions, outcomes)))
      byKind[kind] = { ...byKind[kind], [mode]: s }
    latency[mode] = latencySummary(latencies)
  }
  const headline: RetrievalMode = modes.includes('hybrid') ? 'hybrid' : 'keyword'
  // The baseline is a yardstick, not a product mode: its latency says nothing about the product.
  delete latency.baseline
  const block: RetrievalBlock = {
    ...(byMode[headline] as RetrievalSummary),
    mode: headline,
    model: headline === 'hybrid' ? ctx.embedder.model : null,
    by_mode: byMode,
    ...(Object.keys(byGroup).length > 1 ? { by_group: byGroup } : {}),
    ...(Object.keys(bySet).length > 0 ? { by_set: bySet } : {}),
    by_kind: byKind,
    latency_ms: latency,
  }
  return { block, details }
}
