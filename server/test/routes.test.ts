import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FilingsReply, SourcePageReply, SourceSearchReply } from '@asks1/shared/contract/api'
import { API_PATHS, ROUTES, SUB_ROUTES } from '@asks1/shared/contract/routes'
import { ALL_FEATURES, type RetrievalFeatures, retrieve } from '@asks1/shared/retrieval'
import { describe, expect, it } from 'vitest'
import type { ReadyReply } from '../src/schemas'
import { StartupState } from '../src/startup'
import { buildTestApp, makeEnv, useTestApp } from './helper'

const suite = useTestApp()

describe('the route table', () => {
  it("registers exactly the contract's routes", async () => {
    const documented = Object.keys((await suite.app.inject(ROUTES.openapi)).json<{ paths: object }>().paths)
    expect(new Set(documented)).toEqual(
      new Set([
        ...API_PATHS.filter((p) => p !== ROUTES.openapi && p !== ROUTES.docs),
        ...Object.values(SUB_ROUTES),
      ]),
    )
    expect(suite.app.hasRoute({ method: 'GET', url: ROUTES.openapi })).toBe(true)
    expect(suite.app.hasRoute({ method: 'GET', url: ROUTES.docs })).toBe(true)
  })
})

describe('GET /health and /ready', () => {
  it('answers liveness', async () => {
    const res = await suite.app.inject('/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok' })
    expect(res.headers['x-request-id']).toBeTruthy()
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
  })
  it('keeps a sane incoming X-Request-Id so one id follows the request', async () => {
    const res = await suite.app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } })
    expect(res.headers['x-request-id']).toBe('trace-123')
    const bad = await suite.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id with spaces' } })
    expect(bad.headers['x-request-id']).not.toBe('bad id with spaces')
  })
  it('is ready when the store answers and the default filing is ingested', async () => {
    const res = await suite.app.inject('/ready')
    expect(res.statusCode).toBe(200)
    const body = res.json<ReadyReply>()
    expect(body).toMatchObject({
      ready: true,
      phase: 'ready',
      store: { kind: 'sqlite', ok: true },
      embedder: { status: 'missing' },
      answers: { mode: 'extractive', model: null },
    })
    expect(body.filings).toEqual([
      { id: 'acme-s1', state: 'ready', chunks: 2 },
      { id: 'globex-s1', state: 'pending', chunks: 0 },
    ])
  })
  it('is not ready (503) while start-up ingest runs, and says which filing is being ingested', async () => {
    const startup = new StartupState('ingesting')
    startup.set('globex-s1', 'ingesting')
    const other = await buildTestApp(suite.env, { startup })
    try {
      const res = await other.inject('/ready')
      expect(res.statusCode).toBe(503)
      expect(res.json<ReadyReply>()).toMatchObject({ ready: false, phase: 'ingesting' })
      expect(res.json<ReadyReply>().filings[1]).toMatchObject({ id: 'globex-s1', state: 'ingesting' })
      // Liveness is unaffected.
      expect((await other.inject('/health')).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })
  it('is not ready when the default filing is missing from the store', async () => {
    const empty = await makeEnv({ seed: false })
    const other = await buildTestApp(empty)
    try {
      const res = await other.inject('/ready')
      expect(res.statusCode).toBe(503)
      expect(res.json<ReadyReply>().filings[0]).toMatchObject({ id: 'acme-s1', state: 'pending' })
    } finally {
      await other.close()
      await empty.cleanup()
    }
  })
})

describe('GET /filings', () => {
  it('lists the registry with ingest status', async () => {
    const res = await suite.app.inject('/filings')
    expect(res.statusCode).toBe(200)
    const body = res.json<FilingsReply>()
    expect(body.default).toBe('acme-s1')
    expect(body.filings.map((f) => f.id)).toEqual(['acme-s1', 'globex-s1'])
    const acme = body.filings[0]
    expect(acme).toMatchObject({
      company: 'Acme Rockets, Inc.',
      ticker: 'ACME',
      form: 'S-1',
      filed: '2012-02-01',
      default: true,
      placeholder: 'Ask about Acme',
      questions: ['What was Acme revenue in 2011?'],
      chips: ['Revenue'],
      status: { chunks: 2, pages: 4, embedded: false, fallbackPages: false },
    })
    expect(acme?.status?.version).toBeTruthy()
    expect(acme).not.toHaveProperty('source')
    expect(acme).not.toHaveProperty('collection')
    expect(body.filings[1]).toMatchObject({ id: 'globex-s1', default: false, status: null })
  })
})

describe('GET /sources', () => {
  it('returns the text of a printed page with its PDF pages and neighbours', async () => {
    const res = await suite.app.inject('/sources?filing=acme-s1&page=2')
    expect(res.statusCode).toBe(200)
    expect(res.json<SourcePageReply>()).toMatchObject({
      filing: 'acme-s1',
      page: '2',
      pdfPages: [4],
      prev: '1',
      next: '3',
      edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1/acme.htm',
    })
    expect(res.json<SourcePageReply>().text).toContain('845 million monthly active users')
    const f = await suite.app.inject('/sources?filing=acme-s1&page=p.F-1')
    expect(f.json<SourcePageReply>()).toMatchObject({ page: 'F-1', prev: '3', next: null })
  })
  it('searches the filing when given q and k', async () => {
    const res = await suite.app.inject('/sources?filing=acme-s1&q=monthly%20active%20users&k=1')
    expect(res.statusCode).toBe(200)
    const body = res.json<SourceSearchReply>()
    expect(body.query).toBe('monthly active users')
    expect(body.hits).toHaveLength(1)
    expect(body.hits[0]?.pages).toEqual(['1', '2'])
    expect(body.hits[0]?.text).toContain('[p.2]')
  })
  it("searches with the retrieval components the app was built with (the evaluation's switches)", async () => {
    const q = 'monthly active users'
    const noRerank = { ...ALL_FEATURES, rerank: false }
    const bare = await buildTestApp(suite.env, { retrievalFeatures: noRerank })
    try {
      const scores = async (app: typeof bare) =>
        (await app.inject(`/sources?filing=acme-s1&q=${encodeURIComponent(q)}&k=2`))
          .json<SourceSearchReply>()
          .hits.map((h) => h.score)
      const direct = async (features: RetrievalFeatures) =>
        (await retrieve(suite.env.store, suite.env.embedder, 'acme-s1', q, 2, { features })).map(
          (h) => h.score,
        )
      // Reranked scores start at the rank prior (1 at rank 1); fused RRF scores are ~1/61.
      expect(await scores(suite.app)).toEqual(await direct(ALL_FEATURES))
      expect(await scores(bare)).toEqual(await direct(noRerank))
      expect(await scores(bare)).not.toEqual(await scores(suite.app))
    } finally {
      await bare.close()
    }
  })
  it('rejects bad queries with clear 400s and unknown things with 404', async () => {
    const both = await suite.app.inject('/sources?filing=acme-s1&page=1&q=x')
    expect(both.statusCode).toBe(400)
    expect(both.json().message).toMatch(/exactly one/)
    expect((await suite.app.inject('/sources?filing=acme-s1')).statusCode).toBe(400)
    const k = await suite.app.inject('/sources?filing=acme-s1&q=x&k=500')
    expect(k.statusCode).toBe(400)
    expect(k.json()).toMatchObject({ code: 'VALIDATION', error: 'Bad Request' })
    expect(k.json().message).toMatch(/k/)
    const unknown = await suite.app.inject('/sources?filing=nope&page=1')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_FILING' })
    const page = await suite.app.inject('/sources?filing=acme-s1&page=999')
    expect(page.statusCode).toBe(404)
    expect(page.json()).toMatchObject({ code: 'PAGE_NOT_FOUND' })
    const notIngested = await suite.app.inject('/sources?filing=globex-s1&page=1')
    expect(notIngested.statusCode).toBe(503)
    expect(notIngested.headers['retry-after']).toBe('30')
  })
})

describe('OpenAPI and docs', () => {
  it('serves an OpenAPI 3 document generated from the route schemas, every route tagged', async () => {
    const res = await suite.app.inject('/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/ask',
      '/filings',
      '/filings/{id}/changes',
      '/filings/{id}/document',
      '/filings/{id}/document/pages/{page}',
      '/health',
      '/ready',
      '/session',
      '/sources',
    ])
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[]; responses: object }>>,
    )) {
      for (const op of Object.values(ops)) {
        expect(op.tags?.length, path).toBeGreaterThan(0)
        expect(Object.keys(op.responses), path).toContain('200')
      }
    }
    expect(doc.paths['/ask'].post.requestBody).toBeTruthy()
    expect(doc.paths['/session'].get.tags).toEqual(['session'])
    expect(doc.paths['/session'].get.responses['200'].content['application/json'].schema).toMatchObject({
      required: ['used', 'limit', 'left'],
    })
    expect(
      doc.paths['/filings'].get.responses['200'].content['application/json'].schema.properties.answerer,
    ).toMatchObject({ required: ['mode', 'model'] })
  })
  it('serves interactive docs at /docs', async () => {
    const res = await suite.app.inject('/docs/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
  })
})

describe('errors, CORS, limits', () => {
  it('answers unknown routes with a JSON 404 in the error shape', async () => {
    const res = await suite.app.inject('/nope')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' })
  })
  it('allows the configured origins only', async () => {
    const ok = await suite.app.inject({ url: '/filings', headers: { origin: 'http://localhost:5173' } })
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    const pre = await suite.app.inject({
      method: 'OPTIONS',
      url: '/ask',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    })
    expect(pre.statusCode).toBe(204)
    expect(pre.headers['access-control-allow-headers']).toMatch(/authorization/)
    const evil = await suite.app.inject({ url: '/filings', headers: { origin: 'https://evil.example' } })
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
  })
  it('limits requests per IP, but never the health probes', async () => {
    const limited = await buildTestApp(suite.env, { config: { RATE_LIMIT_MAX: 3 } })
    try {
      const codes = []
      for (let i = 0; i < 4; i++) codes.push((await limited.inject('/filings')).statusCode)
      expect(codes).toEqual([200, 200, 200, 429])
      const res = await limited.inject('/filings')
      expect(res.json()).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        allowance: { scope: 'rate', used: 3, limit: 3, left: 0, resetsAt: expect.any(String) },
      })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      for (let i = 0; i < 5; i++) expect((await limited.inject('/health')).statusCode).toBe(200)

      // Another address has its own allowance.
      expect((await limited.inject({ url: '/filings', remoteAddress: '10.1.2.3' })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
  it('counts GET /session like the other API routes', async () => {
    const limited = await buildTestApp(suite.env, { config: { RATE_LIMIT_MAX: 2 } })
    try {
      expect((await limited.inject('/session')).statusCode).toBe(200)
      expect((await limited.inject('/filings')).statusCode).toBe(200)
      const res = await limited.inject('/session')
      expect(res.statusCode).toBe(429)
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' })
    } finally {
      await limited.close()
    }
  })
  it('uses X-Forwarded-For for the limit only when a proxy is trusted', async () => {
    const direct = await buildTestApp(suite.env, { config: { RATE_LIMIT_MAX: 1 } })
    const proxied = await buildTestApp(suite.env, { config: { RATE_LIMIT_MAX: 1, TRUST_PROXY: '127.0.0.1' } })
    try {
      const xff = (ip: string) => ({ url: '/filings', headers: { 'x-forwarded-for': ip } })
      expect((await direct.inject(xff('1.1.1.1'))).statusCode).toBe(200)
      expect((await direct.inject(xff('2.2.2.2'))).statusCode).toBe(429)
      expect((await proxied.inject(xff('1.1.1.1'))).statusCode).toBe(200)
      expect((await proxied.inject(xff('2.2.2.2'))).statusCode).toBe(200)
      expect((await proxied.inject(xff('2.2.2.2'))).statusCode).toBe(429)
    } finally {
      await direct.close()
      await proxied.close()
    }
  })
  it('rejects bodies over the limit with 413', async () => {
    const small = await buildTestApp(suite.env, { config: { BODY_LIMIT: 1024 } })
    try {
      const res = await small.inject({
        method: 'POST',
        url: '/ask',
        payload: {
          filing: 'acme-s1',
          question: 'x'.repeat(900),
          history: [{ role: 'user', content: 'y'.repeat(900) }],
        },
      })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })
    } finally {
      await small.close()
    }
  })
})

describe('serving the web app', () => {
  it('serves web/dist from the same origin with an SPA fallback for non-API GETs', async () => {
    const dist = join(suite.env.dir, 'web-dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>AskS1</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
    const web = await buildTestApp(suite.env, { config: { WEB_DIST: dist } })
    try {
      const index = await web.inject({ url: '/', headers: { accept: 'text/html' } })
      expect(index.statusCode).toBe(200)
      expect(index.body).toContain('<title>AskS1</title>')
      const asset = await web.inject('/assets/app-abc123.js')
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toMatch(/immutable/)
      const deep = await web.inject({
        url: '/some/client/route?company=acme-s1',
        headers: { accept: 'text/html' },
      })
      expect(deep.statusCode).toBe(200)
      expect(deep.body).toContain('<div id="root">')
      // API paths and non-HTML requests still get JSON.
      expect(
        (await web.inject({ url: '/filings', headers: { accept: 'text/html' } })).json().filings,
      ).toHaveLength(2)
      const api404 = await web.inject({ url: '/sources/nope', headers: { accept: 'text/html' } })
      expect(api404.statusCode).toBe(404)
      expect(api404.json()).toMatchObject({ code: 'NOT_FOUND' })
      // Every path of the contract's route table, /session included, is the API's.
      for (const path of API_PATHS) {
        const res = await web.inject({ url: `${path}/unknown`, headers: { accept: 'text/html' } })
        expect(res.headers['content-type'], path).toMatch(/json/)
      }
      expect((await web.inject('/missing.js')).statusCode).toBe(404)
    } finally {
      await web.close()
    }
  })
})
