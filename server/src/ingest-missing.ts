/**
 * `tsx server/src/ingest-missing.ts`: the server's start-up ingest on its own, then exit (0 when every
 * registry filing is live and sound). For a scaled deployment, where one job ingests (and repairs)
 * before the replicas start with INGEST_ON_START=false, instead of every replica racing to ingest the
 * same filings. It also creates the session-signing secret in DATA_DIR when SESSION_SECRET is unset.
 */
import { openStore } from '@asks1/shared/store'
import pino from 'pino'
import { sessionSecret } from './sessions'
import { loadStartConfig } from './start-config'
import { childProcessIngest, ingestMissing, StartupState } from './startup'

const { config, registry } = loadStartConfig()
const log = pino({ level: config.LOG_LEVEL })
// Replicas sharing DATA_DIR read the cookie-signing secret this creates once, before any of them
// starts (SESSION_SECRET, when set, wins everywhere).
sessionSecret(config)
const store = await openStore(config)
const startup = new StartupState('starting')
const stop = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort())
try {
  await ingestMissing(
    log,
    true,
    { registry, store, startup, ingest: childProcessIngest(config) },
    stop.signal,
  )
} finally {
  await store.close()
}
const failed = [...startup.filings].filter(([, f]) => f.state !== 'ready').map(([id]) => id)
if (failed.length) log.error({ filings: failed }, 'not every filing is live')
process.exit(failed.length || stop.signal.aborted ? 1 : 0)
