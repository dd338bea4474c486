/**
 * What every end-to-end test starts with: Debian's Chromium (never a downloaded browser) and the REAL
 * server (`buildApp`) on 127.0.0.1 with a temp DATA_DIR, the real Pandora S-1 ingested through
 * `ingestFiling` into the SQLite store (keyword-only: no embedding model in tests), serving this
 * package's freshly built bundle.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ingestFiling } from '@asks1/ingest'
import { buildApp, loadServerConfig } from '@asks1/server'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore } from '@asks1/shared/store'
import { chromium } from 'playwright-core'
import { buildWeb } from '../test/build-web'

const ROOT = resolve(import.meta.dirname, '..', '..')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)

/** Chromium with the flags this closed network needs (no background or update traffic). */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface E2eServer {
  base: string
  close(): Promise<void>
}

/**
 * The real server on an ingested Pandora S-1. Pandora is the default filing; Facebook is registered
 * but not ingested (a real state for the app to show). `env` adds server configuration.
 */
export async function startServer(
  prefix: string,
  env: Record<string, string> = {},
  opts: { anthropic?: null; ingest?: string[] } = {},
): Promise<E2eServer> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const dist = join(dir, 'web-dist')
  await buildWeb(dist)

  const registryPath = join(dir, 'filings.json')
  const registry = (await import(join(ROOT, 'filings.json'), { with: { type: 'json' } })).default as {
    filings: Record<string, unknown>[]
  }
  writeFileSync(
    registryPath,
    JSON.stringify({
      filings: registry.filings.map((f) => ({
        ...f,
        source: resolve(ROOT, String(f.source)),
        default: f.id === 'pandora-s1',
      })),
    }),
  )
  const config = loadServerConfig({
    DATA_DIR: join(dir, 'data'),
    FILINGS_CONFIG: registryPath,
    LOG_LEVEL: 'silent',
    WEB_DIST: dist,
    INGEST_ON_START: 'false',
    ...env,
  })
  const store = await openStore(config)
  const embedder = missingEmbedder('e2e runs keyword-only: no embedding model in tests')
  // Pandora (EDGAR HTML) always; others (the Facebook PDF) when a test needs them.
  for (const id of opts.ingest ?? ['pandora-s1']) {
    const entry = registry.filings.find((f) => f.id === id)
    if (!entry) throw new Error(`no filing ${id} in filings.json`)
    await ingestFiling({ filing: id, file: resolve(ROOT, String(entry.source)), store, embedder })
  }
  const app = await buildApp({
    config,
    registry: loadRegistry(registryPath),
    store,
    embedder,
    ...(opts.anthropic !== undefined && { anthropic: opts.anthropic }),
    logger: false,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server did not listen on a port')
  return {
    base: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close()
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
