/**
 * Start-up ingest bookkeeping (`ingestMissing`) with runners that write to the real SQLite store
 * or fail, and what /ready reports meanwhile. The runner is the seam: production runs the ingest
 * package's bin in a child process (covered by e2e.test.ts on the real Pandora filing).
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadRegistry } from '@asks1/shared/filings-loader'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReadyReply } from '../src/schemas'
import { type IngestRunner, ingestBin, ingestMissing, parseProgressLine, StartupState } from '../src/startup'
import { buildTestApp, makeEnv, seedFiling, type TestEnv } from './helper'

let env: TestEnv
afterEach(async () => env?.cleanup())

function recordingLog(lines: string[]): FastifyBaseLogger {
  const log = {
    level: 'info',
    info: (a: unknown, b?: string) => lines.push(`info ${b ?? a}`),
    warn: (a: unknown, b?: string) => lines.push(`warn ${b ?? a}`),
    error: (a: unknown, b?: string) => lines.push(`error ${b ?? a}`),
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    silent: () => {},
    child: () => log,
  }
  return log as unknown as FastifyBaseLogger
}

describe('start-up ingest', () => {
  it("shows the running ingest's stage and percentage in /ready", async () => {
    env = await makeEnv()
    const registry = loadRegistry(env.registryPath)
    const startup = new StartupState('starting')
    const app = await buildTestApp(env, { startup })
    const seen: ReadyReply['filings'][number][] = []
    const ingest: IngestRunner = async (filing, _log, _signal, onProgress) => {
      for (const [stage, done, total] of [
        ['extract', 50, 200],
        ['embed', 3, 4],
      ] as const) {
        onProgress?.(stage, done, total)
        seen.push((await app.inject('/ready')).json<ReadyReply>().filings[1] as never)
      }
      await seedFiling(env.store, filing.id)
    }
    await ingestMissing(
      recordingLog([]),
      true,
      { registry, store: env.store, startup, ingest },
      new AbortController().signal,
    )
    expect(seen).toEqual([
      { id: 'globex-s1', state: 'ingesting', chunks: 0, progress: { stage: 'extract', percent: 25 } },
      { id: 'globex-s1', state: 'ingesting', chunks: 0, progress: { stage: 'embed', percent: 75 } },
    ])
    // Once ingested, no progress is reported any more.
    expect((await app.inject('/ready')).json<ReadyReply>().filings[1]).toEqual({
      id: 'globex-s1',
      state: 'ready',
      chunks: 2,
    })
    await app.close()
  })

  it("reads the ingest CLI's progress lines", () => {
    expect(parseProgressLine('extract: 12/200 pages')).toEqual({ stage: 'extract', done: 12, total: 200 })
    expect(parseProgressLine('write: 64/800 chunks')).toEqual({ stage: 'write', done: 64, total: 800 })
    expect(parseProgressLine('ingested pandora-s1: 161 pages')).toBeNull()
  })

  it('ingests only what is missing, reports each filing, and turns ready', async () => {
    env = await makeEnv()
    const registry = loadRegistry(env.registryPath)
    const startup = new StartupState('starting')
    const app = await buildTestApp(env, { startup })
    const calls: string[] = []
    let readyDuring: ReadyReply | undefined
    const ingest: IngestRunner = async (filing) => {
      calls.push(filing.id)
      readyDuring = (await app.inject('/ready')).json()
      await seedFiling(env.store, filing.id)
    }
    const lines: string[] = []
    await ingestMissing(
      recordingLog(lines),
      true,
      { registry, store: env.store, startup, ingest },
      new AbortController().signal,
    )
    expect(calls).toEqual(['globex-s1'])
    expect(readyDuring).toMatchObject({ ready: false, phase: 'ingesting' })
    expect(readyDuring?.filings).toEqual([
      { id: 'acme-s1', state: 'ready', chunks: 2 },
      { id: 'globex-s1', state: 'ingesting', chunks: 0 },
    ])
    expect(lines).toContain('info ingest finished')
    const after = await app.inject('/ready')
    expect(after.statusCode).toBe(200)
    expect(after.json<ReadyReply>().filings.map((f) => f.state)).toEqual(['ready', 'ready'])
    await app.close()
  })

  it('marks a failed ingest and stays not ready when the default filing is missing', async () => {
    env = await makeEnv({ seed: false })
    const registry = loadRegistry(env.registryPath)
    const startup = new StartupState('starting')
    const ingest: IngestRunner = async (filing) => {
      if (filing.id === 'acme-s1') throw new Error('ingest exited with code 1: no body text')
      await seedFiling(env.store, filing.id)
    }
    const lines: string[] = []
    await ingestMissing(
      recordingLog(lines),
      true,
      { registry, store: env.store, startup, ingest },
      new AbortController().signal,
    )
    expect(startup.phase).toBe('ready')
    expect(lines).toContain('error ingest failed')
    const app = await buildTestApp(env, { startup })
    const res = await app.inject('/ready')
    expect(res.statusCode).toBe(503)
    expect(res.json<ReadyReply>().filings).toEqual([
      { id: 'acme-s1', state: 'failed', chunks: 0, message: 'ingest failed; see the server log' },
      { id: 'globex-s1', state: 'ready', chunks: 2 },
    ])
    await app.close()
  })

  it('skips ingest when INGEST_ON_START is false, and stops at once when shut down', async () => {
    env = await makeEnv({ seed: false })
    const registry = loadRegistry(env.registryPath)
    const calls: string[] = []
    const ingest: IngestRunner = async (f) => {
      calls.push(f.id)
    }
    const off = new StartupState('starting')
    const lines: string[] = []
    await ingestMissing(
      recordingLog(lines),
      false,
      { registry, store: env.store, startup: off, ingest },
      new AbortController().signal,
    )
    expect(calls).toEqual([])
    expect(off.phase).toBe('ready')
    expect(lines.some((l) => l.startsWith('warn not ingested'))).toBe(true)
    const stopped = new AbortController()
    stopped.abort()
    await ingestMissing(
      recordingLog([]),
      true,
      { registry, store: env.store, startup: new StartupState(), ingest },
      stopped.signal,
    )
    expect(calls).toEqual([])
  })
})

describe('a damaged live version heals instead of failing', () => {
  const liveFile = async (key: string) => {
    const status = await env.store.status(key)
    return join(env.config.DATA_DIR, 'sqlite', key, `${status?.version}.db`)
  }

  it('is found at start, answers 503 FILING_UNAVAILABLE while re-ingested, then serves again', async () => {
    env = await makeEnv()
    await seedFiling(env.store, 'globex-s1')
    truncateSync(await liveFile('acme-s1'), 4096)
    const registry = loadRegistry(env.registryPath)
    const startup = new StartupState('starting')
    const app = await buildTestApp(env, { startup })
    const during: { ready?: ReadyReply; ask?: Record<string, unknown>; page?: number } = {}
    const ingest: IngestRunner = async (filing) => {
      during.ready = (await app.inject('/ready')).json()
      const ask = await app.inject({
        method: 'POST',
        url: '/ask',
        payload: { filing: filing.id, question: 'What was revenue in 2011?' },
      })
      during.ask = { status: ask.statusCode, ...ask.json() }
      during.page = (await app.inject(`/sources?filing=${filing.id}&page=1`)).statusCode
      await seedFiling(env.store, filing.id)
    }
    const lines: string[] = []
    await ingestMissing(
      recordingLog(lines),
      true,
      { registry, store: env.store, startup, ingest },
      new AbortController().signal,
    )
    expect(lines).toContain('error live version is damaged: answering 503 for it until re-ingested')
    expect(during.ask).toMatchObject({ status: 503, code: 'FILING_UNAVAILABLE' })
    expect(during.ask?.message).toMatch(/Acme Rockets, Inc\.'s S-1 cannot be read on this server right now/)
    expect(during.page).toBe(503)
    expect(during.ready?.ready).toBe(false)
    const acme = during.ready?.filings.find((f) => f.id === 'acme-s1')
    expect(acme).toMatchObject({ state: 'ingesting', chunks: 0 })
    expect(acme?.message).toMatch(/^unavailable: the live version's file \(.+\.db\) /)
    expect(JSON.stringify(during.ready)).not.toContain(env.dir)
    const after = await app.inject('/ready')
    expect(after.statusCode).toBe(200)
    expect(after.json<ReadyReply>().filings.map((f) => f.state)).toEqual(['ready', 'ready'])
    expect((await app.inject('/sources?filing=acme-s1&page=1')).statusCode).toBe(200)
    await app.close()
  })

  it('found while serving: that request and the next get 503, and a repair starts', async () => {
    env = await makeEnv()
    const startup = new StartupState('ready')
    const repairs: string[] = []
    startup.repair = (id) => repairs.push(id)
    const app = await buildTestApp(env, { startup })
    expect((await app.inject('/sources?filing=acme-s1&page=1')).statusCode).toBe(200)
    writeFileSync(await liveFile('acme-s1'), Buffer.alloc(65_536, 0x5a))
    const broken = await app.inject('/sources?filing=acme-s1&q=revenue')
    expect(broken.statusCode).toBe(503)
    expect(broken.json()).toMatchObject({ code: 'FILING_UNAVAILABLE' })
    expect(broken.headers['retry-after']).toBe('60')
    expect(repairs).toEqual(['acme-s1'])
    const ask = await app.inject({
      method: 'POST',
      url: '/ask',
      payload: { filing: 'acme-s1', question: 'What was revenue in 2011?' },
    })
    expect(ask.json()).toMatchObject({ statusCode: 503, code: 'FILING_UNAVAILABLE' })
    const ready = await app.inject('/ready')
    expect(ready.statusCode).toBe(503)
    expect(ready.json<ReadyReply>().filings[0]).toMatchObject({ id: 'acme-s1', state: 'damaged' })
    // A new live version (the repair's, or an operator's `pnpm ingest run`) ends the outage.
    await seedFiling(env.store, 'acme-s1')
    expect((await app.inject('/sources?filing=acme-s1&page=1')).statusCode).toBe(200)
    expect((await app.inject('/ready')).statusCode).toBe(200)
    await app.close()
  })
})

describe('the ingest runner', () => {
  it("runs the ingest package's asks1-ingest bin, found through its package.json", () => {
    const bin = ingestBin()
    expect(bin.replaceAll('\\', '/')).toMatch(/\/ingest\/bin\/asks1-ingest\.mjs$/)
    expect(readFileSync(bin, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/)
  })
})
