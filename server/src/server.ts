/**
 * Start-up: validate config (one line and exit on error), open the store and load the embedder,
 * listen (so /health answers at once), ingest registry filings the store does not have yet (progress
 * in the log), then /ready turns ready. SIGINT/SIGTERM close gracefully: new requests get 503,
 * answers in flight finish (up to SHUTDOWN_GRACE_MS), then the store closes.
 */
import { StoreFileError } from '@asks1/shared/store/types'
import { loadStartConfig } from './start-config'

async function main(): Promise<void> {
  const { config, registry } = loadStartConfig()

  // The heavy modules load only once the configuration is known to be good, so a bad setting
  // is reported at once rather than after seconds of imports.
  const [{ loadEmbedder }, { openStore }, { default: closeWithGrace }, { buildApp }, startupModule] =
    await Promise.all([
      import('@asks1/shared/retrieval/embedder'),
      import('@asks1/shared/store'),
      import('close-with-grace'),
      import('./app'),
      import('./startup'),
    ])
  const { childProcessIngest, ingestMissing, repairer, StartupState } = startupModule
  const startup = new StartupState('starting')
  const store = await openStore(config)
  const embedderLog: string[] = []
  const embedder = await loadEmbedder(config, { log: (msg) => embedderLog.push(msg) })
  const app = await buildApp({ config, registry, store, embedder, startup })
  // loadEmbedder says in one line whether the model loaded or retrieval is keyword-only, and why.
  for (const msg of embedderLog) app.log[embedder.status === 'missing' ? 'warn' : 'info'](msg)
  app.log.info(
    {
      mode: app.anthropic ? 'llm' : 'extractive',
      model: app.anthropic ? config.ANTHROPIC_MODEL : null,
    },
    app.anthropic ? 'answers by Claude' : 'no ANTHROPIC_API_KEY: answers are extractive excerpts',
  )

  // A shutdown during start-up ingest stops it between batches; the half-built version is discarded.
  const stopIngest = new AbortController()
  // Hardware-fault signals are left to their default action: a JS listener on SIGSEGV turns a native
  // crash into an endless fault loop at 100% CPU (seen after a terminal hang-up), instead of an exit.
  closeWithGrace(
    {
      delay: config.SHUTDOWN_GRACE_MS,
      logger: app.log,
      skip: ['SIGSEGV', 'SIGBUS', 'SIGFPE', 'SIGILL', 'SIGTRAP', 'SIGABRT'],
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'closing after an error')
      else app.log.info({ signal }, 'shutting down: finishing answers in flight')
      stopIngest.abort()
      await app.close()
      await store.close()
    },
  )

  await app.listen({ host: config.HOST, port: config.PORT })
  const ingestDeps = { registry, store, startup, ingest: childProcessIngest(config) }
  if (config.INGEST_ON_START) startup.repair = repairer(app.log, ingestDeps, stopIngest.signal)
  await ingestMissing(app.log, config.INGEST_ON_START, ingestDeps, stopIngest.signal)
}

main().catch((err) => {
  // A state file SQLite cannot use is the operator's to fix: one line naming it, not a stack.
  const reason = err instanceof StoreFileError ? err.message : ((err as Error)?.stack ?? err)
  process.stderr.write(`AskS1 server failed to start: ${reason}\n`)
  process.exit(1)
})
