import { mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../src/retrieval/store/sqlite/index'
import { StoreFileError } from '../src/retrieval/store/types'
import { acmeChunks, makeChunk, storeContract, termsOf } from './store-contract'
import { tinyEmbedder } from './tiny-embedder'

storeContract(
  'sqlite',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    return {
      store,
      async cleanup() {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  },
  { embedder: tinyEmbedder },
)

describe('sqlite store specifics', () => {
  it('normalises the section-path field by the b it is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    try {
      const w = await store.beginVersion('acme', { dim: null })
      const chunk = (ordinal: number, section: string, inner: string[] = []) => ({
        ...makeChunk(w.version, ordinal, `Plain words number ${ordinal}.`, [String(ordinal + 1)], section),
        filing: 'acme',
        version: w.version,
        innerSections: inner,
      })
      const chunks = [
        // One heading naming the term once: a short path.
        chunk(0, 'Employees'),
        // The term twice, in a long path (a heading starting inside the chunk).
        chunk(1, 'Employees', [
          'Employee Benefit Plans › Stock Options, Vesting Schedules and Retirement Accounts',
        ]),
        chunk(2, 'Risk Factors › Competition'),
        chunk(3, 'Business › Our Products'),
      ]
      await w.addChunks(chunks.map((c) => ({ chunk: c, vectors: [] })))
      await w.commit()
      const order = async (headingB: number) =>
        (
          await store.search('acme', {
            terms: ['employe'],
            vector: null,
            k: 5,
            fieldWeights: { heading: 1, form: 0 },
            headingB,
          })
        ).map((h) => h.chunk.ordinal)
      // FTS5's b 0.75 lets the long path's length outweigh its second occurrence; b 0 does not.
      expect(await order(0.75)).toEqual([0, 1])
      expect(await order(0)).toEqual([1, 0])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('finds a live version file missing, truncated or overwritten, naming the version and no path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    try {
      const build = async () => {
        const w = await store.beginVersion('acme', { dim: null })
        await w.addPages([{ label: '1', pdfPages: [1], text: 'Page one.', matter: 'body' }])
        await w.addChunks(acmeChunks(w.version).map((chunk) => ({ chunk, vectors: [] })))
        return w.commit()
      }
      let live = await build()
      const file = () => join(dir, 'acme', `${live.version}.db`)
      expect(await store.check('acme')).toBeNull()

      truncateSync(file(), 8192)
      const truncated = await store.check('acme')
      expect(truncated).toMatch(new RegExp(`${live.version}\\.db`))
      expect(truncated).not.toContain(dir)

      live = await build()
      writeFileSync(file(), Buffer.alloc(40_000, 7))
      expect(await store.check('acme')).toMatch(/cannot be read|corrupt/)

      live = await build()
      rmSync(file())
      expect(await store.check('acme')).toMatch(/missing/)
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names a corrupt catalog.db in its one-line error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    try {
      writeFileSync(
        join(dir, 'catalog.db'),
        'this is not a database, just text that fills a page '.repeat(100),
      )
      let err: unknown
      try {
        openSqliteStore({ dir })
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(StoreFileError)
      expect((err as Error).message).toContain(join(dir, 'catalog.db'))
      expect((err as Error).message).not.toContain('\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('keeps one database file per version and removes dropped or aborted ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    try {
      const build = async () => {
        const w = await store.beginVersion('acme', { dim: null })
        await w.addChunks(acmeChunks(w.version).map((chunk) => ({ chunk, vectors: [] })))
        return w
      }
      const v1 = await (await build()).commit()
      const v2 = await (await build()).commit()
      const aborted = await build()
      expect(readdirSync(join(dir, 'acme')).sort()).toEqual(
        [`${v1.version}.db`, `${v2.version}.db`, `${aborted.version}.db`].sort(),
      )
      await aborted.abort()
      expect(await store.dropOldVersions('acme')).toEqual([v1.version])
      expect(readdirSync(join(dir, 'acme'))).toEqual([`${v2.version}.db`])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('lets a second store on the same directory (another process) see a commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const reader = openSqliteStore({ dir })
    const writer = openSqliteStore({ dir })
    try {
      const w1 = await writer.beginVersion('acme', { dim: null })
      await w1.addChunks(acmeChunks(w1.version).map((chunk) => ({ chunk, vectors: [] })))
      await w1.commit()
      expect(
        (await reader.search('acme', { terms: termsOf('900%'), vector: null, k: 1 }))[0]?.chunk.version,
      ).toBe(w1.version)
      const w2 = await writer.beginVersion('acme', { dim: null })
      await w2.addChunks(
        acmeChunks(w2.version)
          .slice(1)
          .map((chunk) => ({ chunk, vectors: [] })),
      )
      await w2.commit()
      // The reader had the old version open; it follows the switch and the old file can be dropped.
      expect(await reader.search('acme', { terms: termsOf('900%'), vector: null, k: 1 })).toEqual([])
      expect(await writer.dropOldVersions('acme')).toEqual([w1.version])
      expect(
        (await reader.search('acme', { terms: termsOf('50.1%'), vector: null, k: 1 }))[0]?.chunk.version,
      ).toBe(w2.version)
    } finally {
      await reader.close()
      await writer.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('ranks dense candidates in memory exactly as sqlite-vec’s vec0 KNN does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    let seed = 7
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31 - 0.5
    }
    const vec = () => Float32Array.from({ length: 32 }, rnd)
    try {
      const w = await store.beginVersion('acme', { dim: 32 })
      const chunks = Array.from({ length: 150 }, (_, i) => ({
        ...makeChunk('acme', i, `chunk ${i}`, ['1']),
        version: w.version,
      }))
      await w.addChunks(
        chunks.map((chunk, i) => ({ chunk, vectors: Array.from({ length: 1 + (i % 3) }, vec) })),
      )
      await w.commit()
      const reader = store.reader('acme')
      for (let q = 0; q < 5; q++) {
        const v = vec()
        expect(reader.denseIds(v, 50)).toEqual(reader.denseIdsVec0(v, 50))
      }
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('ranks the body by its own length: a long section description does not push a chunk down', async () => {
    // Two chunks with the same body; one sits under a standard section whose form description is
    // long (Risk Factors), the other under an unknown heading. With the fields off, both must score
    // alike (FTS5 normalises bm25() by the whole row, so one shared table would rank them apart).
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const store = openSqliteStore({ dir })
    try {
      const w = await store.beginVersion('acme', { dim: null })
      const body = 'Gross margin improved to 42% on lower freight costs.'
      const filler = Array.from({ length: 6 }, (_, i) =>
        makeChunk('acme', i + 2, `Unrelated text about leases number ${i}.`, ['3']),
      )
      const chunks = [
        makeChunk('acme', 0, body, ['1'], 'RISK FACTORS'),
        makeChunk('acme', 1, body, ['2'], 'Zeta Widgets'),
        ...filler,
      ].map((c) => ({ chunk: { ...c, version: w.version }, vectors: [] }))
      await w.addChunks(chunks)
      await w.commit()
      const off = { heading: 0, form: 0 }
      const reader = store.reader('acme')
      const ranked = reader.keywordIds(termsOf('gross margin'), 10, off)
      expect(ranked).toHaveLength(2)
      // Equal scores keep row order: the Risk Factors chunk (row 1) stays first.
      expect(ranked[0]).toBeLessThan(ranked[1] as number)
      // With the section path weighed, the chunk whose path names the terms comes first.
      const byPath = reader.keywordIds(termsOf('zeta widgets gross margin'), 10, { heading: 1, form: 0 })
      expect(byPath[0]).toBe(ranked[1])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('searches only the own terms of a version written before the per-field tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    let store = openSqliteStore({ dir })
    try {
      const w = await store.beginVersion('acme', { dim: null })
      const texts = ['Revenue grew in 2021.', 'A venture of some hazard.', 'Revenue and venture alike.']
      await w.addChunks(
        texts.map((t, i) => ({
          chunk: { ...makeChunk('acme', i, t, [String(i + 1)]), version: w.version },
          vectors: [],
        })),
      )
      const live = await w.commit()
      await store.close()
      // The layout of versions written before the fields: one FTS5 table over the chunk text.
      const db = new Database(join(dir, 'acme', `${live.version}.db`))
      db.exec('DROP TABLE body_fts; DROP TABLE heading_fts; DROP TABLE form_fts;')
      db.exec(
        'CREATE VIRTUAL TABLE chunk_fts USING fts5 (text); INSERT INTO chunk_fts (rowid, text) SELECT id, text FROM chunks;',
      )
      db.close()
      store = openSqliteStore({ dir })
      const ids = async (termWeights?: number[]) =>
        (await store.search('acme', { terms: ['revenue', 'venture'], termWeights, vector: null, k: 5 })).map(
          (h) => h.chunk.ordinal,
        )
      expect((await ids()).sort()).toEqual([0, 1, 2])
      // "venture" as a low-weighted expansion: not searched in this layout.
      expect((await ids([1, 0.25])).sort()).toEqual([0, 2])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
