import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missingEmbedder } from '../src/retrieval/embedder'
import { retrieve } from '../src/retrieval/retrieve'
import { openSqliteStore, type SqliteStore } from '../src/retrieval/store/sqlite/index'
import { acmeChunks } from './store-contract'
import { tinyEmbedder } from './tiny-embedder'

describe('retrieve (tiny real model + real SQLite store)', () => {
  let dir: string
  let store: SqliteStore

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-retrieve-'))
    store = openSqliteStore({ dir })
    const embedder = await tinyEmbedder()
    const chunks = acmeChunks()
    const vectors = await embedder.embedDocuments(chunks.map((c) => c.text.replace(/\[p\.[^\]]+\]\s*/g, '')))
    const w = await store.beginVersion('acme', { dim: embedder.dim })
    await w.addChunks(
      chunks.map((chunk, i) => ({ chunk: { ...chunk, version: w.version }, vectors: vectors[i] ?? [] })),
    )
    await w.commit()
  })

  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('uses dense and keyword lists when the model is ready', async () => {
    const hits = await retrieve(store, await tinyEmbedder(), 'acme', 'How many employees, 3,711?', 3)
    expect(hits[0]?.chunk.ordinal).toBe(4)
    expect(hits[0]?.keywordRank).toBe(1)
    expect(hits.some((h) => h.denseRank !== undefined)).toBe(true)
  })

  it('falls back to keyword-only when the embedder is missing', async () => {
    const hits = await retrieve(
      store,
      missingEmbedder('test'),
      'acme',
      'What share of votes does Class F hold, 50.1%?',
      3,
    )
    expect(hits[0]?.chunk.ordinal).toBe(1)
    expect(hits.every((h) => h.denseRank === undefined)).toBe(true)
  })
})
