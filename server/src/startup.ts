import { existsSync } from 'node:fs'
import { ingestFiling, type Stage } from '@asks1/ingest'
import type { Embedder } from '@asks1/shared/embedder'
import type { FilingRegistry } from '@asks1/shared/filings-loader'
import type { Store } from '@asks1/shared/store'
import type { FastifyBaseLogger } from 'fastify'
import { storeKey } from './lookup'

/**
 * What start-up is doing, for /ready: the server listens first (so /health answers at once), then
 * ingests registry filings missing from the store, then reports ready.
 */
export type Phase = 'starting' | 'ingesting' | 'ready' | 'failed'
export type FilingState = 'pending' | 'ingesting' | 'ready' | 'failed'

export class StartupState {
  phase: Phase
  readonly filings = new Map<string, { state: FilingState; message?: string }>()

  constructor(phase: Phase = 'starting') {
    this.phase = phase
  }

  set(id: string, state: FilingState, message?: string): void {
    this.filings.set(id, message === undefined ? { state } : { state, message })
  }
}

/** Ingests every registry filing the store does not have yet, one at a time, logging progress. */
export async function ingestMissing(
  log: FastifyBaseLogger,
  enabled: boolean,
  deps: { registry: FilingRegistry; store: Store; embedder: Embedder; startup: StartupState },
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
export function progressLogger(log: FastifyBaseLogger): (stage: Stage, done: number, total: number) => void {
  let last = { stage: '', quarter: -1 }
  return (stage, done, total) => {
    const quarter = total > 0 ? Math.floor((4 * done) / total) : 4
    if (stage === last.stage && quarter === last.quarter) return
    last = { stage, quarter }
    log.info({ stage, done, total }, `ingest ${stage} ${done}/${total}`)
  }
}
