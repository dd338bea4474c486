/**
 * `pnpm ingest amend` on the real EDGAR pair (TR Finance F-10/F-3 → F-3/A), in-process through the
 * CLI's `main` with a scratch DATA_DIR and registry: the new version goes live, the previous one stays
 * readable, the registry gains the amendment, and refused input writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { filingVersionOf } from '@asks1/shared/amend'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { openSqliteStore } from '@asks1/shared/store/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { amendedForm, filedDateOnCover } from '../src/amend'
import { main } from '../src/cli'
import { ROOT } from './helpers'

const PAIR = resolve(ROOT, '../shared/data/amendments')
const F3 = join(PAIR, 'tr-finance-f3.htm')
const F3A = join(PAIR, 'tr-finance-f3a.htm')

async function run(args: string[], env: Record<string, string>) {
  let stdout = ''
  let stderr = ''
  const code = await main(args, {
    out: (s) => {
      stdout += s
    },
    err: (s) => {
      stderr += s
    },
    env: { ...process.env, ...env },
    tty: false,
  })
  return { code, stdout, stderr }
}

describe('ingest amend', () => {
  const dir = mkdtempSync(join(tmpdir(), 'asks1-amend-'))
  const registry = join(dir, 'filings.json')
  const env = {
    DATA_DIR: join(dir, 'data'),
    FILINGS_CONFIG: registry,
    STORE: 'sqlite',
    MODELS_DIR: join(dir, 'no-models'),
  }

  beforeAll(() => {
    writeFileSync(
      registry,
      JSON.stringify({
        filings: [
          {
            id: 'tr-finance',
            company: 'Thomson Reuters Corporation',
            ticker: 'TRI',
            form: 'F-3',
            filed: '2025-03-19',
            edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1075124/000119312525057913/d900000df10.htm',
            source: F3,
            collection: 'tr-finance',
            questions: ['What debt securities may be offered?'],
            chips: [],
          },
        ],
      }),
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses to amend a filing that was never ingested, and writes nothing', async () => {
    const before = readFileSync(registry, 'utf8')
    const r = await run(['amend', 'tr-finance', F3A], env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/no ingested version to amend: run `pnpm ingest run tr-finance` first/)
    expect(readFileSync(registry, 'utf8')).toBe(before)
  })

  it('refuses bad options before reading anything', async () => {
    expect((await run(['amend', 'tr-finance'], env)).stderr).toMatch(/amend needs the new version/)
    expect((await run(['amend', 'tr-finance', F3A, '--filed', '31/03/2025'], env)).code).toBe(2)
    expect((await run(['amend', 'tr-finance', F3A, '--form', 'form 3'], env)).code).toBe(2)
    expect((await run(['amend', 'nobody', F3A], env)).stderr).toMatch(/unknown filing id "nobody"/)
  })

  it('ingests the amendment as version 2, keeps version 1, records it and prints what changed', async () => {
    expect((await run(['run', 'tr-finance'], env)).code).toBe(0)
    const r = await run(['amend', 'tr-finance', F3A], env)
    expect(r.stderr).not.toMatch(/error/)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /amendment {4}version 2 \(F-3\/A, filed 2025-03-31 from the cover\) replaces version 1/,
    )
    expect(r.stdout).toMatch(/report {7}\d+ sections rewritten \(\d+ passages\)/)
    expect(r.stdout).toMatch(/other figure +450,421,065 → 450,423,115 \(p\.14 → p\.14\)/)

    const entry = loadRegistry(registry).get('tr-finance')
    expect(entry?.versions.map((v) => [v.n, v.form, v.filed, v.sourcePath])).toEqual([
      [1, 'F-3', '2025-03-19', F3],
      [2, 'F-3/A', '2025-03-31', F3A],
    ])
    const store = openSqliteStore({ dir: join(env.DATA_DIR, 'sqlite') })
    try {
      const versions = await store.listVersions('tr-finance')
      expect(versions.map(filingVersionOf)).toEqual([1, 2])
      expect((await store.status('tr-finance'))?.version).toBe(versions[1]?.version)
      // Both covers are kept (unnumbered pages), each with its own registration number.
      const cover = async (version: string) =>
        (await store.getPages('tr-finance', { version }))[0]?.text ?? ''
      expect(await cover(versions[0]?.version as string)).toContain('Registration No. 333-\n')
      expect(await cover(versions[1]?.version as string)).toContain('Nos. 333-285907')
    } finally {
      await store.close()
    }
  }, 60_000)

  it('reads the filing date off the cover and marks the form as amended', () => {
    expect(filedDateOnCover('As filed with the Securities and Exchange Commission on March 31, 2025.')).toBe(
      '2025-03-31',
    )
    expect(filedDateOnCover('No date here')).toBeNull()
    expect(amendedForm('S-1')).toBe('S-1/A')
    expect(amendedForm('S-1/A')).toBe('S-1/A')
  })
})
