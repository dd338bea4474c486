import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  documentSparse,
  openQdrantStore,
  QdrantHttpError,
  querySparse,
  termIndex,
} from '../src/retrieval/store/qdrant/index'
import { FakeQdrant } from '../testing/fake-qdrant'
import { qdrantTarget } from './qdrant-target'
import { acmeChunks, storeContract, termsOf } from './store-contract'
import { tinyEmbedder } from './tiny-embedder'

/**
 * The store contract against the Qdrant adapter talking HTTP to an in-process fake Qdrant that
 * validates every request against Qdrant's OpenAPI document (a mock of the server: no Qdrant can run
 * here). store-qdrant-real.test.ts runs the same suite against a real Qdrant when QDRANT_URL is set.
 */
const fake = new FakeQdrant()

beforeAll(async () => {
  await fake.start()
})

afterAll(async () => {
  await fake.stop()
})

storeContract(
  'qdrant (fake server, OpenAPI-validated)',
  async () => {
    const target = await qdrantTarget(fake.url)
    return {
      store: target.store,
      async cleanup() {
        await target.cleanup()
        // Every request the adapter sent was valid against Qdrant's OpenAPI document.
        expect(fake.violations).toEqual([])
      },
    }
  },
  { embedder: tinyEmbedder },
)

describe('qdrant adapter specifics', () => {
  it('sent only requests that Qdrant’s OpenAPI document accepts, using the Query API with RRF and aliases', () => {
    expect(fake.violations).toEqual([])
    const paths = fake.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)
    expect(paths).toContain('POST /collections/aliases')
    expect(paths.some((p) => /^POST \/collections\/[^/]+\/points\/query\/batch$/.test(p))).toBe(true)
    const fused = fake.requests.find((r) => JSON.stringify(r.body ?? '').includes('"rrf"'))
    const first = (
      fused?.body as { searches: { query: unknown; prefetch: { using: string }[] }[] } | undefined
    )?.searches[0]
    expect(first?.query).toEqual({ rrf: { k: 60 } })
    expect(first?.prefetch.map((p) => p.using)).toEqual(['dense', 'bm25'])
    const create = fake.requests.find(
      (r) => r.method === 'PUT' && /^\/collections\/acme__v_[^/]+$/.test(r.path),
    )
    expect(create?.body).toMatchObject({
      vectors: { dense: { distance: 'Cosine', multivector_config: { comparator: 'max_sim' } } },
      sparse_vectors: { bm25: { modifier: 'idf' } },
    })
  })

  it('the fake rejects a request that breaks the OpenAPI schema (the validator is live)', async () => {
    const store = await openQdrantStore({ url: fake.url, maxRetries: 0 })
    const before = fake.violations.length
    try {
      await expect(
        store.http.call('PUT', '/collections/x', { vectors: { size: 'big' } }),
      ).rejects.toBeInstanceOf(QdrantHttpError)
      await expect(store.http.call('GET', '/collections?bogus=1')).rejects.toThrow(/422/)
      expect(fake.violations.length).toBe(before + 2)
    } finally {
      fake.violations.splice(before)
      await store.close()
    }
  })

  it('retries connection resets and 502/503/504 with backoff, then succeeds', async () => {
    const store = await openQdrantStore({ url: fake.url, maxRetries: 4, minBackoffMs: 5 })
    try {
      const w = await store.beginVersion('retry', { dim: null })
      await w.addChunks(
        acmeChunks().map((c) => ({ chunk: { ...c, filing: 'retry', version: w.version }, vectors: [] })),
      )
      await w.commit()
      const n = fake.requests.length
      fake.injectFaults('reset', 503, 502, 504)
      const hits = await store.search('retry', { terms: termsOf('900%'), vector: null, k: 1 })
      expect(hits[0]?.chunk.ordinal).toBe(0)
      expect(fake.requests.length - n).toBeGreaterThanOrEqual(5)
    } finally {
      await store.http.call('POST', '/collections/aliases', {
        actions: [{ delete_alias: { alias_name: 'retry' } }],
      })
      await store.dropOldVersions('retry')
      await store.close()
    }
  })

  it('gives up after the bounded number of retries with a clear error', async () => {
    const store = await openQdrantStore({ url: fake.url, maxRetries: 2, minBackoffMs: 5 })
    try {
      fake.injectFaults(503, 503, 503)
      await expect(store.ping()).rejects.toThrow(/503/)
    } finally {
      await store.close()
    }
  })

  it('builds sparse vectors from the shared keyword terms', () => {
    const doc = documentSparse('Class F holds 50.1% and 50.1% again')
    expect(new Set(doc.indices).size).toBe(doc.indices.length)
    const i = doc.indices.indexOf(termIndex('50.1%'))
    expect(doc.values[i]).toBeGreaterThan(doc.values[doc.indices.indexOf(termIndex('class f'))] as number)
    expect(querySparse(termsOf('50.1% 50.1%')).indices).toEqual(
      [termIndex('50.1%'), termIndex('50.1')].sort((a, b) => a - b),
    )
  })
})
