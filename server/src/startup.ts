/**
 * Start-up ingest and its state for /ready: the server listens first (so /health answers at once),
 * then ingests registry filings missing from the store, then reports ready.
 *
 * Each ingest runs as a child process (the ingest package's `asks1-ingest run <id>`, the command an
 * operator runs as `pnpm ingest run <id>`), so PDF parsing and embedding never block the server's
 * event loop; the SQLite store's
 * catalog is WAL, built for a reader and an ingest process at once, and Qdrant is a service. The
 * child's progress lines go to the server log; a shutdown sends it SIGINT, which discards the
 * half-built version and leaves the store as it was.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { type BaseConfig, ROOT_DIR } from '@asks1/shared/config'
import type { FilingRegistry, LoadedFiling } from '@asks1/shared/filings-loader'
import type { Store } from '@asks1/shared/store'
import type { FastifyBaseLogger } from 'fastify'
import { storeKey } from './lookup'

export type Phase = 'starting' | 'ingesting' | 'ready' | 'failed'
export type FilingState = 'pending' | 'ingesting' | 'ready' | 'failed'

/** Where a running ingest is: its stage and how far through it (0–100). */
export interface IngestProgress {
  stage: IngestStage
  percent: number
}
export type IngestStage = 'extract' | 'embed' | 'write'

export class StartupState {
  phase: Phase
  readonly filings = new Map<string, { state: FilingState; message?: string; progress?: IngestProgress }>()
  /**
   * Filings whose live version cannot be read (file missing, truncated, corrupt), with the problem:
   * they answer 503 FILING_UNAVAILABLE, and /ready names them, until a re-ingest replaces the version.
   */
  readonly damaged = new Map<string, { problem: string; version: string | null }>()
  /** Re-ingests a filing found damaged while serving; set by server.ts (absent in tests that seed). */
  repair?: (filingId: string) => void

  constructor(phase: Phase = 'starting') {
    this.phase = phase
  }

  set(id: string, state: FilingState, message?: string): void {
    this.filings.set(id, message === undefined ? { state } : { state, message })
  }

  /** Progress of a filing being ingested (ignored once it is no longer ingesting). */
  progress(id: string, stage: IngestStage, done: number, total: number): void {
    const entry = this.filings.get(id)
    if (entry?.state !== 'ingesting') return
    entry.progress = { stage, percent: total > 0 ? Math.min(100, Math.floor((100 * done) / total)) : 0 }
  }
}

/** Ingests one filing into the store; rejects on failure; reports progress when it can. */
export type IngestRunner = (
  filing: LoadedFiling,
  log: FastifyBaseLogger,
  signal: AbortSignal,
  onProgress?: (stage: IngestStage, done: number, total: number) => void,
) => Promise<void>

/** The ingest CLI's progress line off a terminal (`extract: 12/200 pages`), or null for any other line. */
export function parseProgressLine(text: string): { stage: IngestStage; done: number; total: number } | null {
  const m = /^(extract|embed|write): (\d+)\/(\d+) /.exec(text)
  return m ? { stage: m[1] as IngestStage, done: Number(m[2]), total: Number(m[3]) } : null
}

/**
 * The ingest package's `asks1-ingest` bin, found through the package's own package.json as Node
 * resolves the dependency (no path into its sources, no PATH lookup, no network: works from a
 * fresh clone after `pnpm install`).
 */
export function ingestBin(): string {
  const manifest = createRequire(import.meta.url).resolve('@asks1/ingest/package.json')
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> }
  const entry = bin?.['asks1-ingest']
  if (!entry) throw new Error(`@asks1/ingest declares no asks1-ingest bin (${manifest})`)
  return resolve(dirname(manifest), entry)
}

/** The base settings the ingest CLI reads, passed explicitly so the child writes where the server reads. */
function ingestEnv(config: BaseConfig): Record<string, string> {
  const env: Record<string, string> = {
    DATA_DIR: config.DATA_DIR,
    FILINGS_CONFIG: config.FILINGS_CONFIG,
    MODELS_DIR: config.MODELS_DIR,
    EMBEDDING_MODEL: config.EMBEDDING_MODEL,
    ALLOW_REMOTE_MODELS: String(config.ALLOW_REMOTE_MODELS),
    STORE: config.STORE,
    QDRANT_URL: config.QDRANT_URL,
  }
  if (config.QDRANT_API_KEY) env.QDRANT_API_KEY = config.QDRANT_API_KEY
  return env
}

/** Runs `asks1-ingest run <id>` in a child Node process. */
export function childProcessIngest(config: BaseConfig): IngestRunner {
  const bin = ingestBin()
  return (filing, log, signal, onProgress) =>
    new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, [bin, 'run', filing.id], {
        cwd: ROOT_DIR,
        env: { ...process.env, ...ingestEnv(config) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const tail: string[] = []
      const forward = (stream: NodeJS.ReadableStream) =>
        createInterface({ input: stream }).on('line', (line) => {
          const text = line.trim()
          if (!text) return
          tail.push(text)
          if (tail.length > 5) tail.shift()
          const p = parseProgressLine(text)
          if (p) onProgress?.(p.stage, p.done, p.total)
          log.info({ ingest: text }, `ingest: ${text}`)
        })
      if (child.stdout) forward(child.stdout)
      if (child.stderr) forward(child.stderr)
      const onAbort = () => child.kill('SIGINT')
      signal.addEventListener('abort', onAbort, { once: true })
      child.once('error', (err) => {
        signal.removeEventListener('abort', onAbort)
        fail(err)
      })
      child.once('close', (code, sig) => {
        signal.removeEventListener('abort', onAbort)
        if (code === 0) done()
        else fail(new Error(`ingest exited with ${sig ?? `code ${code}`}: ${tail.join(' | ')}`))
      })
    })
}

type IngestDeps = { registry: FilingRegistry; store: Store; startup: StartupState; ingest: IngestRunner }

/** The live filings whose version `store.check` finds damaged, recorded in `startup.damaged`. */
async function findDamaged(
  log: FastifyBaseLogger,
  deps: IngestDeps,
  live: Set<string>,
): Promise<LoadedFiling[]> {
  const damaged: LoadedFiling[] = []
  for (const f of deps.registry.filings) {
    if (!live.has(storeKey(f))) continue
    const key = storeKey(f)
    const problem = await deps.store.check(key).catch((err: Error) => {
      // The store itself is unreachable (Qdrant down): not this filing's damage; /ready says so.
      log.warn({ err, filing: f.id }, 'could not check the live version')
      return null
    })
    if (!problem) continue
    deps.startup.damaged.set(f.id, { problem, version: (await deps.store.status(key))?.version ?? null })
    log.error({ filing: f.id, problem }, 'live version is damaged: answering 503 for it until re-ingested')
    damaged.push(f)
  }
  return damaged
}

/** Ingests one filing, keeping its state for /ready; true when it is live and sound afterwards. */
async function ingestOne(
  flog: FastifyBaseLogger,
  filing: LoadedFiling,
  deps: IngestDeps,
  signal: AbortSignal,
  step: string,
): Promise<boolean> {
  const { store, startup } = deps
  if (!existsSync(filing.sourcePath)) {
    startup.set(filing.id, 'failed', 'source file not found')
    flog.error({ source: filing.sourcePath }, 'cannot ingest: source file not found')
    return false
  }
  startup.set(filing.id, 'ingesting')
  flog.info({ step, source: filing.sourcePath }, 'ingest started')
  const t0 = performance.now()
  try {
    await deps.ingest(filing, flog, signal, (stage, done, total) =>
      startup.progress(filing.id, stage, done, total),
    )
    const status = await store.status(storeKey(filing))
    if (!status) throw new Error('ingest finished but the filing is not live in the store')
    const problem = await store.check(storeKey(filing))
    if (problem) throw new Error(`ingest finished but the new version is damaged: ${problem}`)
    startup.damaged.delete(filing.id)
    startup.set(filing.id, 'ready')
    flog.info(
      {
        version: status.version,
        pages: status.pages,
        chunks: status.chunks,
        embedded: status.embedded,
        fallbackPages: status.fallback,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
      },
      'ingest finished',
    )
    return true
  } catch (err) {
    if (signal.aborted) {
      flog.info('ingest interrupted by shutdown; the store is unchanged')
      return false
    }
    startup.set(filing.id, 'failed', 'ingest failed; see the server log')
    flog.error({ err }, 'ingest failed')
    return false
  }
}

/**
 * Before ready: checks every live version (a damaged one answers 503 meanwhile), then ingests, one at
 * a time, the registry filings the store does not have yet and those found damaged, logging progress.
 */
export async function ingestMissing(
  log: FastifyBaseLogger,
  enabled: boolean,
  deps: IngestDeps,
  signal: AbortSignal,
): Promise<void> {
  const { registry, store, startup } = deps
  const live = new Set((await store.listFilings()).map((s) => s.filing))
  for (const f of registry.filings) startup.set(f.id, live.has(storeKey(f)) ? 'ready' : 'pending')
  const damaged = await findDamaged(log, deps, live)
  const todo = [...registry.filings.filter((f) => !live.has(storeKey(f))), ...damaged]
  if (!enabled || todo.length === 0) {
    if (todo.length)
      log.warn({ filings: todo.map((f) => f.id) }, 'not ingested (or damaged), and INGEST_ON_START=false')
    startup.phase = 'ready'
    return
  }
  startup.phase = 'ingesting'
  log.info({ filings: todo.map((f) => f.id) }, `ingesting ${todo.length} filing(s) before ready`)
  let failures = 0
  for (const [i, filing] of todo.entries()) {
    if (signal.aborted) return
    const ok = await ingestOne(
      log.child({ filing: filing.id }),
      filing,
      deps,
      signal,
      `${i + 1}/${todo.length}`,
    )
    if (signal.aborted) return
    if (!ok) failures++
  }
  startup.phase = 'ready'
  if (failures) log.warn({ failures }, 'start-up ingest finished with failures')
  else log.info('start-up ingest finished: ready')
}

/**
 * Re-ingests a filing a request found damaged while serving, at most one repair per filing at a
 * time; until it is done the filing answers 503 FILING_UNAVAILABLE. Returns the repair function for
 * `StartupState.repair`.
 */
export function repairer(
  log: FastifyBaseLogger,
  deps: IngestDeps,
  signal: AbortSignal,
): (id: string) => void {
  const running = new Set<string>()
  return (id) => {
    const filing = deps.registry.get(id)
    if (!filing || running.has(id) || signal.aborted) return
    if (deps.startup.filings.get(id)?.state === 'ingesting') return
    running.add(id)
    const flog = log.child({ filing: id })
    flog.warn({ problem: deps.startup.damaged.get(id)?.problem }, 're-ingesting a damaged filing')
    void ingestOne(flog, filing, deps, signal, 'repair').finally(() => running.delete(id))
  }
}
