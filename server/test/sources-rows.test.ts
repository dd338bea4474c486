/**
 * Table rows are part of the default ranking (docs/tables.md, "Rows in the default ranking"): a
 * figure question searched through `/sources?q=` lifts the chunk printing the row it names, on the
 * row's printed page, and says so (`rowRank`); with rows switched off (`RETRIEVAL_OFF=rows`) the
 * prose that only repeats the word ranks first. Real SQLite store, keyword-only.
 */

import type { SourcePageReply, SourceSearchReply } from '@asks1/shared/contract/api'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { featuresOff } from '@asks1/shared/retrieval'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, chunksOf, makeEnv, type TestEnv } from './helper'

const PAGES: PageRecord[] = [
  {
    label: '1',
    pdfPages: [3],
    matter: 'body',
    // Says "revenue" three times: the keyword list's first for a question about revenue.
    text: 'Revenue grew in 2011 as revenue from advertising and revenue from payments rose by $300 million.',
  },
  {
    label: 'F-4',
    pdfPages: [40],
    matter: 'body',
    text: 'Consolidated statements of operations (in millions) Year ended December 31, 2011 Revenue $ 3,711 Costs and expenses 1,955',
    tables: [
      {
        page: 'F-4',
        title: 'Consolidated statements of operations',
        units: { label: 'millions', scale: 1e6, exceptPerShare: true, exceptShares: false },
        columns: [{ label: '2011', period: 'Year ended December 31, 2011' }],
        rows: [
          { label: 'Revenue', page: 'F-4', cells: [{ text: '$ 3,711', value: 3711e6 }] },
          { label: 'Costs and expenses', page: 'F-4', cells: [{ text: '1,955', value: 1955e6 }] },
        ],
        continued: false,
      },
    ],
  },
]

let env: TestEnv
let app: FastifyInstance
const search = async (a: FastifyInstance) =>
  (
    await a.inject(
      `/sources?filing=acme-s1&q=${encodeURIComponent('How much revenue was there in 2011?')}&k=2`,
    )
  ).json<SourceSearchReply>().hits

beforeAll(async () => {
  env = await makeEnv({ seed: false })
  const w = await env.store.beginVersion('acme-s1', { dim: null })
  await w.addPages(PAGES)
  await w.addChunks(chunksOf('acme-s1', PAGES, 1).map((chunk) => ({ chunk, vectors: [] })))
  // As ingest writes them (ingest/src/table-units.ts): the row, hosted by the chunk printing it.
  await w.addRows([
    {
      host: 'acme-s1-1',
      page: 'F-4',
      label: 'Revenue',
      text: 'Consolidated statements of operations. Revenue — Year ended December 31, 2011: $3,711 million',
    },
  ])
  await w.commit({ meta: { source: 'test' } })
  app = await buildTestApp(env)
})

afterAll(async () => {
  await app?.close()
  await env?.cleanup()
})

describe('table rows in the default ranking', () => {
  it('lifts the chunk printing the row a figure question names, on its printed page', async () => {
    const hits = await search(app)
    expect(hits.map((h) => [h.pages, h.rowRank])).toEqual([
      [['F-4'], 1],
      [['1'], undefined],
    ])
    const page = (await app.inject('/sources?filing=acme-s1&page=F-4')).json<SourcePageReply>()
    expect(page.tables[0]?.rows.map((r) => [r.label, r.page])).toContainEqual(['Revenue', 'F-4'])
  })

  it('ranks the prose first with rows switched off', async () => {
    const off = await buildTestApp(env, { retrievalFeatures: featuresOff('rows') })
    try {
      const hits = await search(off)
      expect(hits.map((h) => [h.pages, h.rowRank])).toEqual([
        [['1'], undefined],
        [['F-4'], undefined],
      ])
    } finally {
      await off.close()
    }
  })
})
