/**
 * The SQLite store across processes (end-to-end: a child process builds a version and dies): a build
 * in progress is never dropped, and a crashed build's file is cleaned up.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../src/retrieval/store/sqlite/index'
import { acmeChunks, termsOf } from './store-contract'

describe('sqlite store across processes', () => {
  it('never drops a build in progress, and cleans up a build whose process crashed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-sqlite-'))
    const server = openSqliteStore({ dir })
    const ingest = openSqliteStore({ dir })
    try {
      const live = await ingest.beginVersion('acme', { dim: null })
      await live.addChunks(acmeChunks(live.version).map((chunk) => ({ chunk, vectors: [] })))
      await live.commit()
      // Another store instance is mid-build: invisible to readers and safe from dropOldVersions.
      const building = await ingest.beginVersion('acme', { dim: null })
      await building.addChunks(
        acmeChunks(building.version)
          .slice(0, 2)
          .map((chunk) => ({ chunk, vectors: [] })),
      )
      expect(await server.dropOldVersions('acme')).toEqual([])
      expect((await server.status('acme'))?.version).toBe(live.version)
      await building.abort()
      // A child process starts a build and dies without commit or abort.
      const code = `
        const { openSqliteStore } = await import(${JSON.stringify(join(import.meta.dirname, '../src/retrieval/store/sqlite/index.ts'))})
        const s = openSqliteStore({ dir: ${JSON.stringify(dir)} })
        const w = await s.beginVersion('acme', { dim: null, version: 'crashed' })
        process.exit(3)`
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        encoding: 'utf8',
      })
      expect(child.status, child.stderr).toBe(3)
      expect(readdirSync(join(dir, 'acme'))).toContain('crashed.db')
      expect(
        (await server.search('acme', { terms: termsOf('900%'), vector: null, k: 1 }))[0]?.chunk.version,
      ).toBe(live.version)
      expect(await server.dropOldVersions('acme')).toEqual(['crashed'])
      expect(readdirSync(join(dir, 'acme'))).toEqual([`${live.version}.db`])
    } finally {
      await server.close()
      await ingest.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
