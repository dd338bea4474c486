import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadBaseConfig } from '../src/config'
import { openStore } from '../src/retrieval/store/index'
import { FakeQdrant } from '../testing/fake-qdrant'

describe('openStore', () => {
  const fake = new FakeQdrant()
  let dir: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-open-'))
    await fake.start()
  })

  afterAll(async () => {
    await fake.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('opens the SQLite store under DATA_DIR by default', async () => {
    const store = await openStore(loadBaseConfig({ DATA_DIR: dir }))
    try {
      expect(store.kind).toBe('sqlite')
      await store.ping()
      expect(existsSync(join(dir, 'sqlite', 'catalog.db'))).toBe(true)
      expect(await store.listFilings()).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('opens the Qdrant store at QDRANT_URL when STORE=qdrant', async () => {
    const store = await openStore(loadBaseConfig({ STORE: 'qdrant', QDRANT_URL: fake.url }))
    try {
      expect(store.kind).toBe('qdrant')
      await store.ping()
      expect(await store.listFilings()).toEqual([])
      expect(fake.violations).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('ping fails clearly when Qdrant is unreachable', async () => {
    const store = await openStore(loadBaseConfig({ STORE: 'qdrant', QDRANT_URL: 'http://127.0.0.1:9' }))
    try {
      await expect(store.ping()).rejects.toThrow()
    } finally {
      await store.close()
    }
  })
})
