/**
 * End to end on a REAL filing: start-up ingests the real Pandora S-1 (EDGAR HTML, samples/) into a
 * temp DATA_DIR through the ingest CLI in a child process (as `pnpm start` does), with the real SQLite store and the tiny
 * generated BERT model run by transformers.js; then /ready, /filings, /sources and /ask in
 * extractive mode answer from it, and every citation is checked against the real page text.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AskReply, FilingsReply, SourcePageReply, SourceSearchReply } from '@asks1/shared/contract/api'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { loadEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore, type Store } from '@asks1/shared/store'
import { ensureTestModel } from '@asks1/shared/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadServerConfig } from '../src/config'
import type { ReadyReply } from '../src/schemas'
import { childProcessIngest, ingestMissing, StartupState } from '../src/startup'
import { parseSse, SAMPLES } from './helper'

let dir: string
let store: Store
let app: FastifyInstance
const logs: { msg: string; filing?: string; stage?: string }[] = []
let readyBefore: { health: number; ready: number; body: ReadyReply }

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'asks1-e2e-'))
  const registryPath = join(dir, 'filings.json')
  writeFileSync(
    registryPath,
    JSON.stringify({
      filings: [
        {
          id: 'pandora-s1',
          company: 'Pandora Media, Inc.',
          ticker: 'P',
          form: 'S-1',
          filed: '2011-02-11',
          edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1230276/000119312511032963/ds1.htm',
          source: join(SAMPLES, 'pandora-s1.htm'),
          collection: 'pandora-s1',
          questions: ['How many listener hours did Pandora stream in 2010?'],
          chips: ['Listener hours'],
          default: true,
        },
      ],
    }),
  )
  const model = await ensureTestModel()
  const config = loadServerConfig({
    DATA_DIR: join(dir, 'data'),
    FILINGS_CONFIG: registryPath,
    MODELS_DIR: model.modelsDir,
    EMBEDDING_MODEL: model.model,
    WEB_DIST: join(dir, 'no-web'),
  })
  store = await openStore(config)
  const embedder = await loadEmbedder(config, { log: () => {} })
  const registry = loadRegistry(registryPath)
  const startup = new StartupState('starting')
  app = await buildApp({
    config,
    registry,
    store,
    embedder,
    startup,
    anthropic: null,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    },
  })
  // As server.ts does: the app answers /health before ingest, and /ready says not yet.
  const health = await app.inject('/health')
  const ready = await app.inject('/ready')
  readyBefore = { health: health.statusCode, ready: ready.statusCode, body: ready.json() }
  await ingestMissing(
    app.log,
    true,
    { registry, store, startup, ingest: childProcessIngest(config) },
    new AbortController().signal,
  )
}, 300_000)

afterAll(async () => {
  await app?.close()
  await store?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('start-up on an empty data directory', () => {
  it('answered /health but not /ready before the filing was ingested', () => {
    expect(readyBefore.health).toBe(200)
    expect(readyBefore.ready).toBe(503)
    expect(readyBefore.body.filings).toEqual([{ id: 'pandora-s1', state: 'pending', chunks: 0 }])
  })
  it('logged ingest progress, then turned ready', async () => {
    const msgs = logs.map((l) => l.msg)
    expect(msgs).toContain('ingest started')
    // The child's progress lines are in the server log.
    expect(msgs.some((m) => /^ingest: (extract|embed|write)/.test(m))).toBe(true)
    expect(msgs).toContain('ingest finished')
    const res = await app.inject('/ready')
    expect(res.statusCode).toBe(200)
    expect(res.json<ReadyReply>()).toMatchObject({
      ready: true,
      embedder: { status: 'ready' },
      answers: { mode: 'extractive' },
    })
  })
  it('lists the filing as ingested, with embeddings and printed pages', async () => {
    const body = (await app.inject('/filings')).json<FilingsReply>()
    const status = body.filings[0]?.status
    expect(status?.chunks).toBeGreaterThan(50)
    expect(status?.pages).toBeGreaterThan(50)
    expect(status?.embedded).toBe(true)
  })
})

describe('extractive answers on the real Pandora S-1', () => {
  it('quotes sentences about listener hours with their printed pages, each checked against the page', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      payload: { filing: 'pandora-s1', question: 'How did Pandora’s listener hours grow?' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.mode).toBe('extractive')
    expect(body.answer, body.answer).toMatch(/^From the filing/)
    expect(body.answer).toMatch(/listener hours/i)
    expect(body.citations.length).toBeGreaterThan(0)
    for (const c of body.citations) {
      expect(c, `p.${c.page}`).toMatchObject({ exists: true, verified: true, missing: [] })
    }
    expect(body.sources.length).toBeGreaterThan(0)
    for (const s of body.sources) expect(s.citedPages.length).toBeGreaterThan(0)

    // Every quoted excerpt is on the page it cites, as /sources shows that page.
    const quotes = [...body.answer.matchAll(/“(.+?)” \[p\.([^\]]+)\]/g)]
    expect(quotes.length).toBeGreaterThan(0)
    for (const [, quote, page] of quotes) {
      const src = await app.inject(`/sources?filing=pandora-s1&page=${page}`)
      expect(src.statusCode).toBe(200)
      const text = squash(src.json<SourcePageReply>().text)
      // A long unit is cut around the question's terms: an ellipsis marks each cut.
      expect(text).toContain(squash((quote as string).replace(/^…|…$/g, '')))
    }
  })

  it('streams the same answer as server-sent events', async () => {
    const payload = { filing: 'pandora-s1', question: 'What share of revenue came from advertising?' }
    const sse = await app.inject({
      method: 'POST',
      url: '/ask',
      payload,
      headers: { accept: 'text/event-stream' },
    })
    const events = parseSse(sse.body)
    const done = events.at(-1)
    expect(done?.event).toBe('done')
    const json = (await app.inject({ method: 'POST', url: '/ask', payload })).json<AskReply>()
    const streamed = done?.data as AskReply
    expect(streamed.answer).toBe(json.answer)
    expect(streamed.citations).toEqual(json.citations)
    expect(streamed.sources).toEqual(json.sources)
  })

  it('searches the filing for API clients', async () => {
    const res = await app.inject('/sources?filing=pandora-s1&q=content%20acquisition%20costs&k=3')
    const body = res.json<SourceSearchReply>()
    expect(body.hits).toHaveLength(3)
    // Ranking quality is the retrieval suite's business (the tiny test model is no real encoder);
    // here: real chunks of this filing, tagged with their pages, best first.
    const scores = body.hits.map((h) => h.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    for (const h of body.hits) {
      expect(h.text.startsWith(`[p.${h.pages[0]}]`)).toBe(true)
      expect(h.chunkId).toBeTruthy()
    }
  })
})
