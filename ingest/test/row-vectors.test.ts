/**
 * Table rows carry vectors through the real pipeline: facebook-s1.pdf's statement pages (printed F-3
 * to F-5) ingested with the generated tiny model into SQLite and into the fake Qdrant (every request
 * checked against Qdrant's OpenAPI document), then searched with the keyword leg off.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadBaseConfig } from '@asks1/shared/config'
import { type Embedder, loadEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore, type Store } from '@asks1/shared/store'
import { ensureTestModel } from '@asks1/shared/testing'
import { FakeQdrant } from '@asks1/shared/testing/fake-qdrant'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IngestSummary, ingestPages } from '../src/ingest'
import type { PagesReport } from '../src/read'
import { tableRowUnits } from '../src/table-units'
import { FACEBOOK_PDF, statementPages } from './helpers'

const REPORT: PagesReport = {
  source: 'pdf',
  physicalPages: 3,
  pages: 3,
  markers: { F: 3 },
  markersVia: {},
  rejectedCandidates: 0,
  markerPosition: 'end',
  footerPatterns: [],
  noiseLines: 0,
  interpolated: 0,
  fallback: false,
  trimmed: { front: 0, back: 0 },
  warnings: [],
  timings: { extractMs: 0, pagingMs: 0 },
}

const fake = new FakeQdrant()
let embedder: Embedder
let dir: string

beforeAll(async () => {
  const model = await ensureTestModel()
  embedder = await loadEmbedder(loadBaseConfig({ MODELS_DIR: model.modelsDir, EMBEDDING_MODEL: model.model }))
  dir = mkdtempSync(join(tmpdir(), 'asks1-rowvec-'))
  await fake.start()
})

afterAll(async () => {
  await fake.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe.each([
  ['sqlite', () => openStore(loadBaseConfig({ DATA_DIR: dir, STORE: 'sqlite' }))],
  ['qdrant (fake)', () => openStore(loadBaseConfig({ STORE: 'qdrant', QDRANT_URL: fake.url }))],
] as const)('table rows with vectors, facebook-s1.pdf F-3 to F-5 into %s', (_name, open) => {
  let store: Store
  let summary: IngestSummary

  beforeAll(async () => {
    store = await open()
    const pages = await statementPages()
    summary = await ingestPages({
      filing: 'fb-rows',
      file: FACEBOOK_PDF,
      store,
      embedder,
      read: { pages, report: REPORT },
      sha256: 'statement-pages',
    })
  })

  afterAll(async () => {
    await store?.close()
  })

  it('a row is hit by the dense leg alone and lifts the chunk printing it', async () => {
    expect(summary.status?.embedded).toBe(true)
    const rows = tableRowUnits(summary.pages, summary.chunks)
    // The income statement's row (F-4; the page also breaks it out of share-based compensation).
    const hosts = rows.filter((r) => r.label === 'Marketing and sales' && r.page === 'F-4').map((r) => r.host)
    expect(hosts.length).toBeGreaterThan(0)
    // The tiny model is a bag of words (shared/testing): the question shares the row's label words.
    const vector = await embedder.embedQuery('marketing and sales in 2011')
    // No terms: the keyword legs (chunks and rows) are off, only vectors can rank a row.
    const hits = await store.search('fb-rows', { terms: [], vector, k: 10, rows: true })
    const lifted = hits.find((h) => h.rowRank === 1)
    expect(hosts).toContain(lifted?.chunk.id)
    expect(lifted?.chunk.text).toMatch(/Marketing and sales\s+\$?\s*\d/)
    expect(hits.every((h) => h.keywordRank === undefined)).toBe(true)
  })
})
