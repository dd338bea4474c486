import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../src/config'
import { loadRegistry, parseRegistry, RegistryError } from '../src/filings-loader'

const entry = (over: Record<string, unknown> = {}) => ({
  id: 'acme-s1',
  company: 'Acme, Inc.',
  ticker: 'ACME',
  form: 'S-1',
  filed: '2024-01-31',
  edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1/0001/acme.htm',
  source: 'acme.pdf',
  collection: 'acme-s1',
  questions: ['What was revenue in 2023?'],
  chips: ['Revenue'],
  ...over,
})

const parse = (raw: unknown) => parseRegistry(raw, '/tmp/filings.json', { checkSources: false })
const message = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(RegistryError)
    return (err as Error).message
  }
  throw new Error('expected a RegistryError')
}

describe('filing registry', () => {
  it('loads the bundled filings.json with real files behind every entry', () => {
    const reg = loadRegistry(join(ROOT_DIR, 'filings.json'))
    expect(reg.filings.length).toBeGreaterThanOrEqual(2)
    expect(reg.defaultFiling.id).toBe('facebook-s1')
    expect(reg.get('pandora-s1')?.sourcePath).toBe(join(ROOT_DIR, 'samples/pandora-s1.htm'))
    expect(reg.get('nope')).toBeUndefined()
  })

  it('takes the first entry as default when none is marked', () => {
    const reg = parse({ filings: [entry(), entry({ id: 'b', collection: 'b' })] })
    expect(reg.defaultFiling.id).toBe('acme-s1')
    expect(reg.filings.map((f) => f.default)).toEqual([false, false])
  })

  it('names the entry and field of a missing field', () => {
    const { ticker: _, ...noTicker } = entry()
    expect(message(() => parse({ filings: [noTicker] }))).toMatch(/entry "acme-s1".*ticker/)
  })

  it('names the entry and field of a malformed value', () => {
    const msg = message(() =>
      parse({ filings: [entry(), entry({ id: 'two', collection: 'two', filed: '31/01/2024' })] }),
    )
    expect(msg).toContain('entry "two", field "filed"')
    expect(msg).not.toContain('acme-s1')
  })

  it('names an entry by position when its id is unusable', () => {
    expect(message(() => parse({ filings: [entry(), entry({ id: 'Bad Id!' })] }))).toContain(
      'entry "Bad Id!", field "id"',
    )
    expect(message(() => parse({ filings: [entry(), entry({ id: 42 })] }))).toContain('entry #2, field "id"')
  })

  it('rejects unknown fields, duplicate ids, shared collections and two defaults', () => {
    expect(message(() => parse({ filings: [entry({ colour: 'red' })] }))).toContain('colour')
    expect(message(() => parse({ filings: [entry(), entry()] }))).toContain('duplicate id')
    expect(message(() => parse({ filings: [entry(), entry({ id: 'b' })] }))).toContain('field "collection"')
    expect(
      message(() =>
        parse({ filings: [entry({ default: true }), entry({ id: 'b', collection: 'b', default: true })] }),
      ),
    ).toContain('only one may be true')
    expect(message(() => parse({ filings: [] }))).toContain('filings')
  })

  it('reports a missing source file, unreadable and non-JSON registries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-reg-'))
    const path = join(dir, 'filings.json')
    writeFileSync(path, JSON.stringify({ filings: [entry()] }))
    expect(message(() => loadRegistry(path))).toMatch(/entry "acme-s1", field "source": file not found/)
    writeFileSync(join(dir, 'acme.pdf'), '%PDF-1.4')
    expect(loadRegistry(path).get('acme-s1')?.sourcePath).toBe(join(dir, 'acme.pdf'))
    writeFileSync(path, '{ "filings": [')
    expect(message(() => loadRegistry(path))).toContain('not valid JSON')
    expect(message(() => loadRegistry(join(dir, 'missing.json')))).toContain('ENOENT')
  })
})
