import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { accessionOf, appendAmendment, parseRegistry, RegistryError } from '../src/filings-loader'

const entry = (over: Record<string, unknown> = {}) => ({
  id: 'acme-s1',
  company: 'Acme, Inc.',
  ticker: 'ACME',
  form: 'S-1',
  filed: '2024-01-31',
  edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1326801/000119312512034517/acme.htm',
  source: 'acme.pdf',
  collection: 'acme-s1',
  questions: ['What was revenue in 2023?'],
  chips: ['Revenue'],
  ...over,
})
const parse = (raw: unknown) => parseRegistry(raw, '/tmp/filings.json', { checkSources: false })

describe('registry: amendment chain', () => {
  it('loads an entry without amendments as a chain of one (backward compatible)', () => {
    const f = parse({ filings: [entry()] }).get('acme-s1')
    expect(f?.versions).toEqual([
      {
        n: 1,
        form: 'S-1',
        filed: '2024-01-31',
        edgarUrl: entry().edgarUrl,
        accession: '0001193125-12-034517',
        sourcePath: '/tmp/acme.pdf',
      },
    ])
  })

  it('chains amendments after the original, with accession read from an EDGAR URL', () => {
    const f = parse({
      filings: [
        entry({
          amendments: [
            { form: 'S-1/A', filed: '2024-02-15', source: 'acme-s1a.pdf' },
            {
              form: 'S-1/A',
              filed: '2024-03-01',
              edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1/000119312524000042/a2.htm',
            },
          ],
        }),
      ],
    }).get('acme-s1')
    expect(f?.versions.map((v) => [v.n, v.form, v.filed, v.accession ?? null, v.sourcePath ?? null])).toEqual(
      [
        [1, 'S-1', '2024-01-31', '0001193125-12-034517', '/tmp/acme.pdf'],
        [2, 'S-1/A', '2024-02-15', null, '/tmp/acme-s1a.pdf'],
        [3, 'S-1/A', '2024-03-01', '0001193125-24-000042', null],
      ],
    )
  })

  it('names the field of a bad amendment: no source at all, a date before the version it amends', () => {
    const bad = (amendments: unknown[]) => {
      try {
        parse({ filings: [entry({ amendments })] })
      } catch (err) {
        expect(err).toBeInstanceOf(RegistryError)
        return (err as Error).message
      }
      throw new Error('expected a RegistryError')
    }
    expect(bad([{ form: 'S-1/A', filed: '2024-02-15' }])).toMatch(
      /amendments\/0".*"source" file, an "edgarUrl"/,
    )
    expect(bad([{ form: 'S-1/A', filed: '2023-12-01', source: 'x.pdf' }])).toMatch(
      /amendments\/0\/filed".*before the version it amends/,
    )
    expect(bad([{ form: 'S-1/A', filed: '2024-02-15', source: 'x.pdf', extra: 1 }])).toMatch(/amendments/)
  })

  it('appends an amendment to the file atomically, and refuses one that does not validate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-reg-'))
    const path = join(dir, 'filings.json')
    writeFileSync(path, JSON.stringify({ filings: [entry()] }))
    const reg = appendAmendment(path, 'acme-s1', {
      form: 'S-1/A',
      filed: '2024-02-15',
      accession: '0001193125-24-000001',
    })
    expect(reg.get('acme-s1')?.versions.at(-1)).toMatchObject({
      n: 2,
      form: 'S-1/A',
      accession: '0001193125-24-000001',
    })
    const before = readFileSync(path, 'utf8')
    expect(() =>
      appendAmendment(path, 'acme-s1', { form: 'S-1/A', filed: '2020-01-01', source: 'y.pdf' }),
    ).toThrow(RegistryError)
    expect(() =>
      appendAmendment(path, 'nobody', { form: 'S-1/A', filed: '2024-02-15', source: 'y.pdf' }),
    ).toThrow(/Unknown filing id/)
    expect(readFileSync(path, 'utf8')).toBe(before)
  })

  it('reads the accession number out of an EDGAR archive URL only', () => {
    expect(accessionOf('https://www.sec.gov/Archives/edgar/data/1230276/000119312511032963/ds1.htm')).toBe(
      '0001193125-11-032963',
    )
    expect(accessionOf('https://example.com/ds1.htm')).toBeUndefined()
  })
})
