/**
 * Start-up: validate config (one line and exit on error), open the store and load the embedder,
 * listen (so /health answers at once), ingest registry filings the store does not have yet (progress
 * in the log), then /ready turns ready. SIGINT/SIGTERM close gracefully: new requests get 503,
 * answers in flight finish (up to SHUTDOWN_GRACE_MS), then the store closes.
 */
import { existsSync } from 'node:fs'
import { ingestFiling, type Stage } from '@asks1/ingest'
import { ConfigError } from '@asks1/shared/config'
import { loadEmbedder } from '@asks1/shared/embedder'
import { loadRegistry, RegistryError } from '@asks1/shared/filings-loader'
import { openStore } from '@asks1/shared/store'
import closeWithGrace from 'close-with-grace'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from './app'
import { loadServerConfig } from './config'
import { storeKey } from './lookup'
import { StartupState } from './startup'

async function main(): Promise<void> {
  let config: ReturnType<typeof loadServerConfig>
  let registry: ReturnType<typeof loadRegistry>
  try {
    config = loadServerConfig()
    registry = loadRegistry(config.FILINGS_CONFIG)
  } catch (err) {
    if (err instanceof ConfigError || err instanceof RegistryError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }

  const startup = new StartupState('starting')
  const store = await openStore(config)
  const embedderLog: string[] = []
  const embedder = await loadEmbedder(config, { log: (msg) => embedderLog.push(msg) })
  const app = await buildApp({ config, registry, store, embedder, startup })
  for (const msg of embedderLog) app.log.info(msg)
  if (embedder.status === 'missing')
    app.log.warn({ reason: embedder.reason }, 'no embedding model: retrieval is keyword-only')
  app.log.info(
    {
      mode: app.deps.anthropic ? 'llm' : 'extractive',
      model: app.deps.anthropic ? config.ANTHROPIC_MODEL : null,
    },
    app.deps.anthropic ? 'answers by Claude' : 'no ANTHROPIC_API_KEY: answers are extractive excerpts',
  )

  // A shutdown during start-up ingest stops it between batches; the half-built version is discarded.
  const stopIngest = new AbortController()
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error')
    else app.log.info({ signal }, 'shutting down: finishing answers in flight')
    stopIngest.abort()
    await app.close()
    await store.close()
  })

  await app.listen({ host: config.HOST, port: config.PORT })
  await ingestMissing(
    app.log,
    config.INGEST_ON_START,
    { registry, store, embedder, startup },
    stopIngest.signal,
  )
}

/** Ingests every registry filing the store does not have yet, one at a time, logging progress. */
async function ingestMissing(
  log: FastifyBaseLogger,
  enabled: boolean,
  deps: {
    registry: ReturnType<typeof loadRegistry>
    store: Awaited<ReturnType<typeof openStore>>
    embedder: Awaited<ReturnType<typeof loadEmbedder>>
    startup: StartupState
  },
  signal: AbortSignal,
): Promise<void> {
  const { registry, store, embedder, startup } = deps
  const live = new Set((await store.listFilings()).map((s) => s.filing))
  const missing = registry.filings.filter((f) => !live.has(storeKey(f)))
  for (const f of registry.filings) startup.set(f.id, live.has(storeKey(f)) ? 'ready' : 'pending')
  if (!enabled || missing.length === 0) {
    if (missing.length)
      log.warn({ filings: missing.map((f) => f.id) }, 'not ingested and INGEST_ON_START=false')
    startup.phase = 'ready'
    return
  }
  startup.phase = 'ingesting'
  log.info({ filings: missing.map((f) => f.id) }, `ingesting ${missing.length} filing(s) before ready`)
  let failures = 0
  for (const [i, filing] of missing.entries()) {
    const flog = log.child({ filing: filing.id })
    if (!existsSync(filing.sourcePath)) {
      failures++
      startup.set(filing.id, 'failed', 'source file not found')
      flog.error({ source: filing.sourcePath }, 'cannot ingest: source file not found')
      continue
    }
    startup.set(filing.id, 'ingesting')
    flog.info({ step: `${i + 1}/${missing.length}`, source: filing.sourcePath }, 'ingest started')
    const t0 = performance.now()
    try {
      const summary = await ingestFiling({
        filing: storeKey(filing),
        file: filing.sourcePath,
        store,
        embedder,
        signal,
        onProgress: progressLogger(flog),
      })
      startup.set(filing.id, 'ready')
      flog.info(
        {
          version: summary.version,
          pages: summary.pages.length,
          chunks: summary.chunks.length,
          embedded: summary.embedded,
          fallbackPages: summary.report.fallback,
          seconds: Math.round((performance.now() - t0) / 100) / 10,
        },
        'ingest finished',
      )
    } catch (err) {
      if (signal.aborted) {
        flog.info('ingest interrupted by shutdown; the store is unchanged')
        return
      }
      failures++
      startup.set(filing.id, 'failed', 'ingest failed; see the server log')
      flog.error({ err }, 'ingest failed')
    }
  }
  startup.phase = 'ready'
  if (failures) log.warn({ failures }, 'start-up ingest finished with failures')
  else log.info('start-up ingest finished: ready')
}

/** Logs ingest progress at each stage start and every quarter of it, not on every batch. */
function progressLogger(log: FastifyBaseLogger): (stage: Stage, done: number, total: number) => void {
  let last = { stage: '', quarter: -1 }
  return (stage, done, total) => {
    const quarter = total > 0 ? Math.floor((4 * done) / total) : 4
    if (stage === last.stage && quarter === last.quarter) return
    last = { stage, quarter }
    log.info({ stage, done, total }, `ingest ${stage} ${done}/${total}`)
  }
}

main().catch((err) => {
  process.stderr.write(`AskS1 server failed to start: ${(err as Error)?.stack ?? err}\n`)
  process.exit(1)
})
