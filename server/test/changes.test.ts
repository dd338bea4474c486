/**
 * Amendments through the API: /filings lists the versions, /filings/:id/changes reports what changed
 * between two stored versions (real SQLite store, both versions kept), /sources reads a page of either
 * version, and /ask answers a question about the changes from the report.
 */
import { join } from 'node:path'
import type { AskReply, FilingsReply, SourcePageReply } from '@asks1/shared/contract/api'
import type { ChangesReply } from '@asks1/shared/contract/changes'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { appendAmendment } from '@asks1/shared/filings-loader'
import type { Store } from '@asks1/shared/store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isChangeQuestion } from '../src/answer/changes'
import { buildTestApp, chunksOf, makeEnv, SAMPLES, type TestEnv } from './helper'

const V1: PageRecord[] = [
  {
    label: '1',
    pdfPages: [],
    matter: 'front',
    fallback: true,
    text: 'Registration No. 333-\nPRELIMINARY PROSPECTUS\nThe initial public offering price of our common stock will be between $ and $ per share.',
  },
  {
    label: '1',
    pdfPages: [],
    matter: 'body',
    text: 'PROSPECTUS SUMMARY\nAcme Rockets, Inc. designs and launches reusable rockets. Our revenue was $3,711 million in 2011.',
  },
  {
    label: '2',
    pdfPages: [],
    matter: 'body',
    text: 'RISK FACTORS\nCompetition from larger launch providers could reduce our launch prices and revenue.\nWe depend on a few suppliers of engines.',
  },
]
const V2: PageRecord[] = [
  {
    ...(V1[0] as PageRecord),
    text: 'Registration No. 333-180001\nPROSPECTUS\nThe initial public offering price of our common stock will be between $16.00 and $18.00 per share.',
  },
  V1[1] as PageRecord,
  {
    label: '2',
    pdfPages: [],
    matter: 'body',
    text: 'RISK FACTORS\nCompetition from larger launch providers could reduce our launch prices and revenue.\nA launch failure could destroy a customer satellite and expose us to claims.\nWe depend on a few suppliers of engines.',
  },
]

async function seed(store: Store, pages: PageRecord[], meta: Record<string, unknown>): Promise<string> {
  const writer = await store.beginVersion('acme-s1', { dim: null })
  await writer.addPages(pages)
  const body = pages.filter((p) => !p.fallback)
  await writer.addChunks(chunksOf('acme-s1', body).map((chunk) => ({ chunk, vectors: [] })))
  return (await writer.commit({ meta: { source: 'test', ...meta } })).version
}

describe('amendments through the API', () => {
  let env: TestEnv
  let app: FastifyInstance
  let v1: string
  let v2: string

  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    v1 = await seed(env.store, V1, {})
    v2 = await seed(env.store, V2, { filingVersion: 2 })
    appendAmendment(env.registryPath, 'acme-s1', {
      form: 'S-1/A',
      filed: '2012-03-01',
      source: join(SAMPLES, 'pandora-s1.htm'),
    })
    app = await buildTestApp(env)
  })

  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it('lists each filing’s versions with the store version holding each', async () => {
    const res = await app.inject('/filings')
    expect(res.statusCode).toBe(200)
    const body = res.json() as FilingsReply
    const acme = body.filings.find((f) => f.id === 'acme-s1')
    expect(acme?.versions).toEqual([
      {
        n: 1,
        form: 'S-1',
        filed: '2012-02-01',
        edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1/acme.htm',
        stored: v1,
        live: false,
      },
      { n: 2, form: 'S-1/A', filed: '2012-03-01', stored: v2, live: true },
    ])
    const globex = body.filings.find((f) => f.id === 'globex-s1')
    expect(globex?.versions.map((v) => [v.n, v.stored])).toEqual([[1, null]])
  })

  it('reports what changed, cited with each version’s own pages', async () => {
    const res = await app.inject('/filings/acme-s1/changes')
    expect(res.statusCode).toBe(200)
    const r = res.json() as ChangesReply
    expect([r.from.n, r.to.n]).toEqual([1, 2])
    const price = r.figures.find((f) => f.term === 'price range')
    // The cover has no printed number: it is named, never cited as the body's p.1.
    expect(price).toMatchObject({
      before: '$ and $',
      after: '$16.00 and $18.00',
      from: { pages: ['unnumbered front matter'] },
      to: { pages: ['unnumbered front matter'] },
    })
    const risk = r.sections.find((s) => s.path.includes('RISK FACTORS'))
    expect(risk?.status).toBe('rewritten')
    expect(risk?.changes).toHaveLength(1)
    expect(risk?.changes[0]).toMatchObject({ kind: 'added', from: { pages: ['2'] }, to: { pages: ['2'] } })
    expect(risk?.changes[0]?.parts.find((p) => p.op === 'added')?.text).toBe(
      'A launch failure could destroy a customer satellite and expose us to claims.',
    )
    const renamed = r.sections.find((s) => s.fromPath?.includes('PRELIMINARY PROSPECTUS'))
    expect(renamed?.path).toEqual(['PROSPECTUS'])
    // The unchanged summary is not reported.
    expect(r.sections.some((s) => s.path.includes('PROSPECTUS SUMMARY'))).toBe(false)
  })

  it('compares any two versions, and says clearly what cannot be compared', async () => {
    const back = (await app.inject('/filings/acme-s1/changes?from=2&to=1')).json() as ChangesReply
    expect(back.figures.find((f) => f.term === 'price range')).toMatchObject({
      before: '$16.00 and $18.00',
      after: '$ and $',
    })
    const cases: [string, number, string][] = [
      ['/filings/acme-s1/changes?to=3', 404, 'UNKNOWN_VERSION'],
      ['/filings/acme-s1/changes?from=2&to=2', 400, 'VALIDATION'],
      ['/filings/acme-s1/changes?from=abc', 400, 'VALIDATION'],
      ['/filings/globex-s1/changes', 404, 'NO_PREVIOUS_VERSION'],
      ['/filings/nobody/changes', 404, 'UNKNOWN_FILING'],
    ]
    for (const [url, status, code] of cases) {
      const res = await app.inject(url)
      expect([url, res.statusCode, res.json().code]).toEqual([url, status, code])
    }
  })

  it('opens a page of an earlier version with version=, and the live one without', async () => {
    const old = (await app.inject('/sources?filing=acme-s1&page=2&version=1')).json() as SourcePageReply
    expect(old.version).toBe(1)
    expect(old.text).not.toContain('launch failure')
    const live = (await app.inject('/sources?filing=acme-s1&page=2')).json() as SourcePageReply
    expect(live.text).toContain('launch failure')
    const missing = await app.inject('/sources?filing=acme-s1&page=2&version=7')
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'UNKNOWN_VERSION'])
  })

  it('answers a question about the amendment from the report, citing the new version’s pages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      payload: { filing: 'acme-s1', question: 'What changed in the amendment?' },
    })
    expect(res.statusCode).toBe(200)
    const reply = res.json() as AskReply
    expect(reply.mode).toBe('extractive')
    expect(reply.answer).toContain(
      'from version 1 (S-1, filed 2012-02-01) to version 2 (S-1/A, filed 2012-03-01)',
    )
    expect(reply.answer).toContain(
      '- price range: $16.00 and $18.00 (unnumbered front matter); was $ and $ (version 1: unnumbered front matter)',
    )
    expect(reply.answer).toMatch(
      /Rewritten \*\*RISK FACTORS\*\* p\.2: now "A launch failure could destroy a customer satellite and expose us to claims\." \(version 1: 2\)/,
    )
    expect(reply.sources.map((s) => s.pages)).toEqual([['2']])
    // Only the new version's printed page is cited, and it checks.
    expect(reply.citations.map((c) => [c.page, c.verified])).toEqual([['2', true]])
  })

  it('answers an ordinary question by retrieval even when it uses a word of change', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      payload: { filing: 'acme-s1', question: 'How did revenue change in 2011?' },
    })
    expect(res.statusCode).toBe(200)
    expect((res.json() as AskReply).answer).not.toContain('change report')
  })

  it('registers the changes route in the OpenAPI document', async () => {
    const doc = (await app.inject('/openapi.json')).json() as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toContain('/filings/{id}/changes')
  })
})

describe('change questions', () => {
  it('needs a word of change and a version noun, or an earlier filing', () => {
    const yes = [
      'What changed in the amendment?',
      'Is anything new in this version?',
      'How does the S-1/A differ from the original?',
      'Did the price range change since the previous filing?',
      'What was revised in Amendment No. 2?',
      'What changed since the prior version of the prospectus?',
      'What is different from the original S-1?',
      'How does this prospectus compare with the preliminary one?',
    ]
    const no = [
      'How did revenue change in 2011?',
      'What does the amended and restated certificate of incorporation say?',
      'What new products does the company sell?',
      'What are the risks of the original business model?',
      'How fast did revenue grow in 2011 compared with the prior year?',
      'How did net loss change from the previous fiscal quarter?',
      // An adjective of time before another noun is about the business, not a version.
      "Does Foot Locker's new CEO have previous CEO experience in a similar company?",
      'Which new directors had prior board experience?',
    ]
    expect(yes.filter((q) => !isChangeQuestion(q))).toEqual([])
    expect(no.filter((q) => isChangeQuestion(q))).toEqual([])
  })
})
