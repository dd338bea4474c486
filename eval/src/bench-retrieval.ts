/**
 * `pnpm bench:retrieval [--queries <n>] [--json]`: query latency (embed the question + hybrid search
 * + fetch chunks, i.e. `retrieve()` as the server calls it) on the largest collection of each store
 * available — SQLite always, Qdrant when QDRANT_URL is set — and the time to embed one question.
 *
 * Which collection: the largest already ingested under DATA_DIR (or in Qdrant); when there is none,
 * the largest bundled filing is ingested first (SQLite: into a scratch directory; Qdrant: under its
 * own id, as the server's first start would). No model present: keyword-only latency, and the
 * embedding time is measured on the generated tiny test model, labelled as such, so the code path
 * is still timed.
 */
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { ingestFiling } from '@asks1/ingest'
import { type BaseConfig, loadBaseConfig, ROOT_DIR } from '@asks1/shared/config'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import { type Embedder, loadEmbedder, missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore, type Store } from '@asks1/shared/store'
import { BENCH_USAGE, parseBenchArgs } from './args'
import { cliArgs, runCli } from './cli'
import { latencySummary } from './metrics'
import { readS1Questions } from './questions'
import { stderrLog } from './runner'
import { createScratch } from './scratch'

export interface StoreBench {
  store: 'sqlite' | 'qdrant'
  filing: string
  chunks: number
  source: 'existing' | 'ingested for the benchmark'
  embedded: boolean
  queries: number
  /** retrieve() per mode: keyword-only, and hybrid (embed + search) when a model is loaded. */
  latency_ms: Partial<Record<'keyword' | 'hybrid', { p50: number | null; p95: number | null }>>
}

export interface EmbedBench {
  model: string
  /** The real model, or the generated tiny test model (times the code path only). */
  kind: 'model' | 'test-model fallback'
  latency_ms: { p50: number | null; p95: number | null }
}

const QDRANT_SET = (env: Record<string, string | undefined>) => (env.QDRANT_URL ?? '') !== ''

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

function questionsFor(filing: string, fallback: string[]): string[] {
  try {
    return readS1Questions(resolve(ROOT_DIR, 'eval/questions', `${filing}.jsonl`)).map((q) => q.question)
  } catch {
    return fallback
  }
}

/** The bundled filing with the largest source file: the slowest collection to search. */
function largestBundled(config: BaseConfig) {
  const registry = loadRegistry(config.FILINGS_CONFIG)
  return [...registry.filings].sort((a, b) => statSync(b.sourcePath).size - statSync(a.sourcePath).size)[0]
}

async function benchStore(
  store: Store,
  config: BaseConfig,
  embedder: Embedder,
  n: number,
  ingestInto: Store | null,
): Promise<StoreBench> {
  let filings = await store.listFilings()
  let source: StoreBench['source'] = 'existing'
  if (filings.length === 0) {
    const target = largestBundled(config)
    if (!target || !ingestInto)
      throw new Error(`no collection in the ${store.kind} store and nothing to ingest`)
    stderrLog(`${store.kind}: no collection yet; ingesting ${target.id} (${target.source})`)
    await ingestFiling({ filing: target.id, file: target.sourcePath, store: ingestInto, embedder })
    filings = await store.listFilings()
    source = 'ingested for the benchmark'
  }
  const largest = [...filings].sort((a, b) => b.chunks - a.chunks)[0]
  if (!largest) throw new Error(`no collection in the ${store.kind} store`)
  const registry = loadRegistry(config.FILINGS_CONFIG)
  const questions = questionsFor(largest.filing, registry.get(largest.filing)?.questions ?? ['revenue'])
  const modes: Array<['keyword' | 'hybrid', Embedder]> = [
    ['keyword', missingEmbedder('benchmark: keyword-only')],
  ]
  if (embedder.status === 'ready' && largest.embedded) modes.push(['hybrid', embedder])
  const latency: StoreBench['latency_ms'] = {}
  for (const [mode, e] of modes) {
    // Warm-up: every question once (page cache, prepared statements, the model's first runs).
    for (const q of questions) await retrieve(store, e, largest.filing, q, 6)
    const samples: number[] = []
    for (let i = 0; i < n; i++) {
      const q = questions[i % questions.length] as string
      samples.push(await time(() => retrieve(store, e, largest.filing, q, 6)))
    }
    latency[mode] = latencySummary(samples)
    stderrLog(
      `${store.kind} ${largest.filing} ${mode}: p50 ${latency[mode]?.p50} ms, p95 ${latency[mode]?.p95} ms`,
    )
  }
  return {
    store: store.kind,
    filing: largest.filing,
    chunks: largest.chunks,
    source,
    embedded: largest.embedded,
    queries: n,
    latency_ms: latency,
  }
}

async function benchEmbed(embedder: Embedder, config: BaseConfig, n: number): Promise<EmbedBench | null> {
  let e = embedder
  let kind: EmbedBench['kind'] = 'model'
  if (e.status !== 'ready') {
    // No real model: time the same code path on the generated tiny model, and say so.
    const { ensureTestModel } = await import('@asks1/shared/testing')
    const tm = await ensureTestModel()
    e = await loadEmbedder(
      { ...config, MODELS_DIR: tm.modelsDir, EMBEDDING_MODEL: tm.model },
      { log: stderrLog },
    )
    kind = 'test-model fallback'
    if (e.status !== 'ready') return null
  }
  const questions = questionsFor('facebook-s1', ['How much revenue did the company make?'])
  for (const q of questions.slice(0, 10)) await e.embedQuery(q)
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const q = questions[i % questions.length] as string
    samples.push(await time(() => e.embedQuery(q)))
  }
  return { model: e.model ?? 'unknown', kind, latency_ms: latencySummary(samples) }
}

async function main(): Promise<void> {
  const args = parseBenchArgs(cliArgs())
  if (args.help) {
    process.stdout.write(`${BENCH_USAGE}\n`)
    return
  }
  const env = process.env
  const config = loadBaseConfig(env)
  const embedder = await loadEmbedder(config, { log: stderrLog })
  const stores: StoreBench[] = []
  const skipped: string[] = []

  // SQLite: the data directory the server uses, else a scratch one with the largest bundled filing.
  const sqlite = await openStore({ ...config, STORE: 'sqlite' })
  try {
    if ((await sqlite.listFilings()).length > 0)
      stores.push(await benchStore(sqlite, config, embedder, args.queries, null))
    else {
      const scratch = createScratch([])
      const scratchStore = await openStore({ ...config, STORE: 'sqlite', DATA_DIR: scratch.dataDir })
      try {
        stores.push(await benchStore(scratchStore, config, embedder, args.queries, scratchStore))
      } finally {
        await scratchStore.close()
        scratch.dispose()
      }
    }
  } finally {
    await sqlite.close()
  }

  if (QDRANT_SET(env)) {
    const qdrant = await openStore({ ...config, STORE: 'qdrant' })
    try {
      await qdrant.ping()
      stores.push(await benchStore(qdrant, config, embedder, args.queries, qdrant))
    } catch (err) {
      skipped.push(`qdrant at ${config.QDRANT_URL}: ${(err as Error).message}`)
    } finally {
      await qdrant.close()
    }
  } else skipped.push('qdrant: QDRANT_URL not set')

  const embed = await benchEmbed(embedder, config, args.queries)
  const result = { stores, embed_question: embed, skipped }
  if (args.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    return
  }
  const lines = [
    '| store | collection | chunks | mode | p50 | p95 | queries |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const s of stores)
    for (const [mode, l] of Object.entries(s.latency_ms))
      lines.push(
        `| ${s.store} | ${s.filing} (${s.source}) | ${s.chunks} | ${mode} | ${l?.p50?.toFixed(2)} ms | ${l?.p95?.toFixed(2)} ms | ${s.queries} |`,
      )
  lines.push('')
  if (embed)
    lines.push(
      `Embed one question (${embed.model}${embed.kind === 'model' ? '' : ', GENERATED TINY TEST MODEL: times the code path only, not MiniLM'}): p50 ${embed.latency_ms.p50?.toFixed(2)} ms, p95 ${embed.latency_ms.p95?.toFixed(2)} ms`,
    )
  if (embedder.status !== 'ready')
    lines.push(`Hybrid not measured: ${embedder.reason ?? 'no embedding model'}`)
  for (const s of skipped) lines.push(`Skipped ${s}`)
  process.stdout.write(`${lines.join('\n')}\n`)
}

runCli(BENCH_USAGE, main)
