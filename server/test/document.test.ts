/**
 * The reader's page view on the server: the filing's own document with range requests (the real
 * Facebook S-1 PDF), and sanitised printed pages of an EDGAR HTML filing (the real Pandora S-1,
 * ingested by the real pipeline into the real SQLite store).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestFiling } from '@asks1/ingest'
import type { SourcePageReply } from '@asks1/shared/contract/api'
import type { DocumentPageReply } from '@asks1/shared/contract/document'
import { appendAmendment } from '@asks1/shared/filings-loader'
import type { Store } from '@asks1/shared/store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizePageHtml } from '../src/page-html'
import { ACME_PAGES, buildTestApp, chunksOf, makeEnv, SAMPLES, type TestEnv } from './helper'

const PDF = join(SAMPLES, 'facebook-s1.pdf')
const PDF_BYTES = readFileSync(PDF)
const PDF_SHA = createHash('sha256').update(PDF_BYTES).digest('hex')

async function seed(store: Store, key: string, sha256: string): Promise<void> {
  const writer = await store.beginVersion(key, { dim: null })
  await writer.addPages(ACME_PAGES)
  await writer.addChunks(chunksOf(key, ACME_PAGES).map((chunk) => ({ chunk, vectors: [] })))
  await writer.commit({ meta: { source: 'facebook-s1.pdf', sha256 } })
}

describe('GET /filings/:id/document on a PDF filing', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    // acme-s1 points at the real Facebook PDF, ingested (as far as the store knows) from that file.
    const registry = JSON.parse(readFileSync(env.registryPath, 'utf8'))
    registry.filings[0].source = PDF
    registry.filings[1].source = PDF
    const { writeFileSync } = await import('node:fs')
    writeFileSync(env.registryPath, JSON.stringify(registry))
    await seed(env.store, 'acme-s1', PDF_SHA)
    await seed(env.store, 'globex-s1', 'a'.repeat(64))
    app = await buildTestApp(env)
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it('serves the whole file, announcing byte ranges', async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/acme-s1/document' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(Number(res.headers['content-length'])).toBe(PDF_BYTES.length)
    expect(res.headers['content-security-policy']).toBe('sandbox')
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true)
  })

  it('answers a range request with 206 and exactly those bytes', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/filings/acme-s1/document',
      headers: { range: 'bytes=1000-5095' },
    })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 1000-5095/${PDF_BYTES.length}`)
    expect(res.rawPayload.equals(PDF_BYTES.subarray(1000, 5096))).toBe(true)

    const tail = await app.inject({
      method: 'GET',
      url: '/filings/acme-s1/document',
      headers: { range: 'bytes=-100' },
    })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(PDF_BYTES.subarray(PDF_BYTES.length - 100))).toBe(true)
  })

  it('refuses a range outside the file with 416 and the size', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/filings/acme-s1/document',
      headers: { range: `bytes=${PDF_BYTES.length + 10}-${PDF_BYTES.length + 20}` },
    })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${PDF_BYTES.length}`)
    expect(res.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' })
  })

  it('answers a conditional GET with 304', async () => {
    const first = await app.inject({ method: 'HEAD', url: '/filings/acme-s1/document' })
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const res = await app.inject({
      method: 'GET',
      url: '/filings/acme-s1/document',
      headers: { 'if-none-match': etag },
    })
    expect(res.statusCode).toBe(304)
    expect(res.rawPayload.length).toBe(0)
  })

  it('will not serve a file other than the one the live version was ingested from', async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/globex-s1/document' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'DOCUMENT_UNAVAILABLE' })
    expect(res.json().message).toMatch(/not the one .* was ingested from/)
  })

  it('has no HTML pages for a PDF, and clear errors for unknown filings', async () => {
    const pdfPage = await app.inject({ method: 'GET', url: '/filings/acme-s1/document/pages/1' })
    expect(pdfPage.statusCode).toBe(404)
    expect(pdfPage.json()).toMatchObject({ code: 'NOT_HTML' })
    const unknown = await app.inject({ method: 'GET', url: '/filings/nope/document' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_FILING' })
  })

  it('documents both routes in OpenAPI', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const doc = spec.paths['/filings/{id}/document'].get
    expect(Object.keys(doc.responses)).toEqual(expect.arrayContaining(['200', '206', '416']))
    expect(doc.responses['206'].content['application/pdf']).toBeTruthy()
    expect(spec.paths['/filings/{id}/document/pages/{page}'].get.responses['200']).toBeTruthy()
  })
})

describe('GET /filings/:id/document after an amendment went live', () => {
  const HTML = join(SAMPLES, 'pandora-s1.htm')
  const HTML_BYTES = readFileSync(HTML)
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    // Version 1 of acme-s1 is the Facebook PDF; its amendment (version 2, live) is the Pandora HTML.
    const registry = JSON.parse(readFileSync(env.registryPath, 'utf8'))
    registry.filings[0].source = PDF
    const { writeFileSync } = await import('node:fs')
    writeFileSync(env.registryPath, JSON.stringify(registry))
    appendAmendment(env.registryPath, 'acme-s1', { form: 'S-1/A', filed: '2012-03-01', source: HTML })
    // globex-s1's amendment was fetched from EDGAR: no local file to serve.
    appendAmendment(env.registryPath, 'globex-s1', {
      form: 'S-1/A',
      filed: '2013-06-01',
      edgarUrl: 'https://www.sec.gov/Archives/edgar/data/2/000000000012000001/globex-s1a.htm',
    })
    await seed(env.store, 'acme-s1', PDF_SHA)
    const sha = createHash('sha256').update(HTML_BYTES).digest('hex')
    for (const key of ['acme-s1', 'globex-s1']) {
      const writer = await env.store.beginVersion(key, { dim: null })
      await writer.addPages(ACME_PAGES)
      await writer.addChunks(chunksOf(key, ACME_PAGES).map((chunk) => ({ chunk, vectors: [] })))
      await writer.commit({ meta: { source: 'amendment', sha256: sha, filingVersion: 2 } })
    }
    app = await buildTestApp(env)
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it('serves the file the live version (the amendment) was ingested from, not the original', async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/acme-s1/document' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.rawPayload.equals(HTML_BYTES)).toBe(true)
  })

  it('says plainly when the live amendment has no file on this server', async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/globex-s1/document' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'DOCUMENT_UNAVAILABLE' })
  })
})

describe('GET /filings/:id/document/pages/:page on the real Pandora S-1 (EDGAR HTML)', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    await ingestFiling({
      filing: 'acme-s1',
      file: join(SAMPLES, 'pandora-s1.htm'),
      store: env.store,
      embedder: env.embedder,
    })
    app = await buildTestApp(env)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it("returns the printed page's own markup with its tables, sanitised", async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/acme-s1/document/pages/p.50' })
    expect(res.statusCode).toBe(200)
    const body = res.json<DocumentPageReply>()
    expect(body).toMatchObject({ filing: 'acme-s1', page: '50', format: 'html' })
    expect(body.html).toMatch(/<table[\s>]/)
    expect(body.html).toMatch(/<td[^>]*>/)
    expect(body.html).not.toMatch(/<(script|img|a|font|hr|style)[\s>]/i)
    expect(body.html).not.toMatch(/\son\w+=/i)
    // The same page as the text view: its words are all there, and the next page's are not.
    const text = (
      await app.inject({ method: 'GET', url: '/sources?filing=acme-s1&page=50' })
    ).json<SourcePageReply>()
    const words = (s: string) =>
      s
        .replace(/<[^>]+>/g, ' ')
        .replace(/&nbsp;|&#160;/g, ' ')
        .replace(/&amp;/g, '&')
        .split(/\s+/)
        .filter((w) => /^[A-Za-z]{6,}$/.test(w))
    const pageWords = new Set(words(body.html))
    const textWords = words(text.text)
    const found = textWords.filter((w) => pageWords.has(w)).length
    expect(found / textWords.length).toBeGreaterThan(0.95)
  })

  it('serves a page’s tables from GET /sources, as read at ingest and declared in OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/sources?filing=acme-s1&page=F-4' })
    expect(res.statusCode).toBe(200)
    const { tables } = res.json<SourcePageReply>()
    const revenue = tables
      .flatMap((t) => t.rows.map((r) => ({ t, r })))
      .find(({ r }) => r.label === 'Total revenue')
    expect(revenue?.r.page).toBe('F-4')
    const fiscal2010 = revenue?.t.columns.findIndex((c) => c.period === 'Fiscal year ended January 31, 2010')
    // 55,189 under "(in thousands …)": the value is scaled to the table's units.
    expect(revenue?.r.cells[fiscal2010 ?? -1]).toEqual({ text: '55,189', value: 55_189_000 })
    // A page with no table answers an empty list, not a missing field.
    const title = await app.inject({ method: 'GET', url: '/sources?filing=acme-s1&page=1' })
    expect(title.json<SourcePageReply>().tables).toEqual([])
    const doc = (await app.inject('/openapi.json')).json()
    const reply = doc.paths['/sources'].get.responses['200'].content['application/json'].schema
    const schemas = JSON.stringify(reply)
    expect(schemas).toContain('"tables"')
    expect(schemas).toContain('"period"')
  })

  it('pages the whole filing as ingest does: every stored page has its markup', async () => {
    const labels = await env.store.listPages('acme-s1')
    expect(labels.length).toBeGreaterThan(100)
    for (const label of [labels[0], labels[Math.floor(labels.length / 2)], labels.at(-1)] as string[]) {
      const res = await app.inject({
        method: 'GET',
        url: `/filings/acme-s1/document/pages/${encodeURIComponent(label)}`,
      })
      expect(res.statusCode, label).toBe(200)
    }
    const missing = await app.inject({ method: 'GET', url: '/filings/acme-s1/document/pages/999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'PAGE_NOT_FOUND' })
  })

  it('serves the HTML document itself sandboxed', async () => {
    const res = await app.inject({ method: 'GET', url: '/filings/acme-s1/document' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe('sandbox')
  })
})

describe('sanitizePageHtml', () => {
  it('keeps text, emphasis and tables; drops scripts, handlers, links, images and foreign styles', () => {
    const out = sanitizePageHtml(
      `<p style="text-align:center;background:url(javascript:alert(1))" onclick="x()">Net <b>revenue</b></p>
       <script>alert(1)</script><img src="x" onerror="y()"><a href="javascript:z()">Table of Contents</a>
       <table><tr><td colspan="3" style="border-bottom:1pt solid #000000">$ 3,711</td></tr></table>
       <iframe src="https://example.com"></iframe><h2>Risk factors</h2>`,
    )
    expect(out).toContain('<p style="text-align:center">Net <b>revenue</b></p>')
    expect(out).toContain('<td colspan="3" style="border-bottom:1pt solid #000000">$ 3,711</td>')
    expect(out).toContain('Table of Contents')
    expect(out).toContain('<p style="font-weight:bold">Risk factors</p>')
    expect(out).not.toMatch(/script|onerror|onclick|iframe|javascript|<img|<a|url\(/i)
  })
})
