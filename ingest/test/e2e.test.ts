/**
 * End to end: the real facebook-s1.pdf through pdf.js, paging and chunking into the real SQLite store,
 * embedded by the real transformers.js pipeline on the generated tiny model (nothing downloaded).
 */

import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadBaseConfig } from '@asks1/shared/config'
import { type Embedder, loadEmbedder, missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { analyzeQuery } from '@asks1/shared/retrieval/query'
import { openStore, type Store } from '@asks1/shared/store'
import { ensureTestModel } from '@asks1/shared/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IngestSummary, ingestFiling, ingestPages } from '../src/ingest'
import { FACEBOOK_PDF } from './helpers'

describe('ingest facebook-s1.pdf into the SQLite store', () => {
  let dir: string
  let store: Store
  let embedder: Embedder
  let first: IngestSummary
  let second: IngestSummary
  const keywordOnly = missingEmbedder('not needed for this test')

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-ingest-e2e-'))
    const model = await ensureTestModel()
    embedder = await loadEmbedder(
      loadBaseConfig({ MODELS_DIR: model.modelsDir, EMBEDDING_MODEL: model.model }),
    )
    expect(embedder.status).toBe('ready')
    store = await openStore(loadBaseConfig({ DATA_DIR: dir, STORE: 'sqlite' }))
    first = await ingestFiling({ filing: 'facebook-s1', file: FACEBOOK_PDF, store, embedder })
  }, 120_000)

  afterAll(async () => {
    await store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('writes a live, embedded version with printed pages and tagged chunks', async () => {
    const status = await store.status('facebook-s1')
    expect(status?.version).toBe(first.version)
    expect(status?.embedded).toBe(true)
    expect(status?.fallback).toBe(false)
    expect(status?.chunks).toBe(first.chunks.length)
    expect(status?.meta.sha256).toBe(first.sha256)
    const labels = await store.listPages('facebook-s1')
    expect(labels.slice(0, 3)).toEqual(['i', '1', '2'])
    expect(labels).toContain('F-16')
    const page = await store.getPage('facebook-s1', '1')
    expect(page?.text).toContain(
      'This summary highlights information contained in greater detail elsewhere in this prospectus.',
    )
    expect(page?.pdfPages).toEqual([8])
    // The unnumbered exhibit list after II-7 is back matter and not stored. Part II and the
    // signatures are chunked (they name the chief executive); the cover is not.
    expect(labels.at(-1)).toBe('II-7')
    expect(first.chunks.every((c) => !c.pages.includes('i'))).toBe(true)
    expect(first.chunks.some((c) => c.pages.includes('II-7') && /Mark Zuckerberg/.test(c.text))).toBe(true)
  })

  it('finds a fact by keyword and vector; every tagged stretch of a hit lies on the page its tag names', async () => {
    const question = 'How many daily active users (DAUs) did Facebook have in December 2011?'
    const hits = await store.search('facebook-s1', {
      terms: analyzeQuery(question).terms,
      vector: await embedder.embedQuery(question),
      k: 5,
    })
    expect(hits.length).toBe(5)
    expect(hits.some((h) => /483 million daily active users/.test(h.chunk.text))).toBe(true)
    const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, '')
    for (const h of hits) {
      const parts = h.chunk.text.split(/\[p\.([^\]]+)\] /).slice(1)
      for (let i = 0; i < parts.length; i += 2) {
        const page = await store.getPage('facebook-s1', parts[i] as string)
        expect(norm(page?.text ?? '')).toContain(norm(parts[i + 1] as string))
      }
    }
  })

  it('re-ingesting the same file gives the same chunk ids in a new live version', async () => {
    // The whole path again from the file; keyword-only, since ids do not depend on vectors.
    second = await ingestFiling({ filing: 'facebook-s1', file: FACEBOOK_PDF, store, embedder: keywordOnly })
    expect(second.version).not.toBe(first.version)
    expect(second.chunks.map((c) => c.id)).toEqual(first.chunks.map((c) => c.id))
    // The report of what changed: the same file, so every stored page is unchanged.
    expect(first.changes).toBeNull()
    expect(second.changes).toMatchObject({
      previous: first.version,
      sourceChanged: false,
      added: [],
      removed: [],
      changed: [],
    })
    expect(second.changes?.unchanged).toBe(await store.listPages('facebook-s1').then((l) => l.length))
    const status = await store.status('facebook-s1')
    expect(status?.version).toBe(second.version)
    expect(status?.embedded).toBe(false)
  }, 120_000)

  it('a failed ingest leaves the live version intact and discards its own', async () => {
    const before = await store.status('facebook-s1')
    const q = 'Zynga revenue share'
    const hitsBefore = await store.search('facebook-s1', { terms: analyzeQuery(q).terms, vector: null, k: 5 })
    // Fault injection around the real store: the second batch of chunks fails to write.
    let batches = 0
    let failedVersion = ''
    const faulty: Store = Object.create(store, {
      beginVersion: {
        value: async (filing: string, opts: { dim: number | null }) => {
          const writer = await store.beginVersion(filing, opts)
          failedVersion = writer.version
          return Object.create(writer, {
            addChunks: {
              value: async (items: Parameters<typeof writer.addChunks>[0]) => {
                if (++batches === 2) throw new Error('disk full (injected)')
                return writer.addChunks(items)
              },
            },
          })
        },
      },
    })
    // Pages as read by the first run, keyword-only: the write path is the same, and the test stays fast.
    const read = { pages: first.pages, report: first.report }
    const run = ingestPages({
      filing: 'facebook-s1',
      file: FACEBOOK_PDF,
      store: faulty,
      embedder: keywordOnly,
      read,
      sha256: 'x',
    })
    await expect(run).rejects.toThrow('disk full (injected)')
    const after = await store.status('facebook-s1')
    expect(after).toEqual(before)
    const hitsAfter = await store.search('facebook-s1', { terms: analyzeQuery(q).terms, vector: null, k: 5 })
    expect(hitsAfter.map((h) => h.chunk.id)).toEqual(hitsBefore.map((h) => h.chunk.id))
    expect(failedVersion).not.toBe('')
    expect(readdirSync(join(dir, 'sqlite', 'facebook-s1')).some((f) => f.startsWith(failedVersion))).toBe(
      false,
    )
  }, 120_000)

  it('an abort during extraction stops the PDF worker and writes nothing', async () => {
    const before = await store.status('facebook-s1')
    const controller = new AbortController()
    let extracted = 0
    let pages = 0
    const run = ingestFiling({
      filing: 'facebook-s1',
      file: FACEBOOK_PDF,
      store,
      embedder: keywordOnly,
      signal: controller.signal,
      onProgress: (stage, done, total) => {
        if (stage !== 'extract') return
        pages = total
        extracted = Math.max(extracted, done)
        if (done === 5) controller.abort()
      },
    })
    await expect(run).rejects.toThrow(/abort/i)
    // The run rejects only once the worker is terminated, and that was long before the end of the
    // filing (a page or two may be in flight when the abort lands; how many depends on load).
    expect(pages).toBe(198)
    expect(extracted).toBeGreaterThanOrEqual(5)
    expect(extracted).toBeLessThan(pages / 2)
    // Nothing written: the live version is the one from before.
    expect(await store.status('facebook-s1')).toEqual(before)
  }, 120_000)

  it('an interrupted run (abort signal) writes nothing either', async () => {
    const before = await store.status('facebook-s1')
    const controller = new AbortController()
    await expect(
      ingestPages({
        filing: 'facebook-s1',
        file: FACEBOOK_PDF,
        read: { pages: first.pages, report: first.report },
        sha256: 'x',
        store,
        embedder: keywordOnly,
        signal: controller.signal,
        onProgress: (stage, done) => {
          if (stage === 'write' && done > 0) controller.abort()
        },
      }),
    ).rejects.toThrow(/abort/i)
    expect(await store.status('facebook-s1')).toEqual(before)
  }, 120_000)
})
