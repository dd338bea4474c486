import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { describe, expect, it } from 'vitest'
import { createScratch, guessForm, scratchEntry } from '../src/scratch'

const ROOT = resolve(import.meta.dirname, '../..')

describe('scratch registry', () => {
  it('guesses the form from the file name', () => {
    expect(guessForm('/p/3M_2022_10K.pdf')).toBe('10-K')
    expect(guessForm('AMCOR_2022_8K_dated-2022-07-01.pdf')).toBe('8-K')
    expect(guessForm('camp4-424b4.htm')).toBe('424B4')
    expect(guessForm('acme.pdf')).toBe('S-1')
  })
  it('keeps a registered entry but points it at the given file', () => {
    const registry = loadRegistry(resolve(ROOT, 'filings.json'))
    const fb = registry.get('facebook-s1')
    if (!fb) throw new Error('facebook-s1 missing from filings.json')
    const e = scratchEntry({ id: 'facebook-s1', file: '/x/fb.htm', entry: { ...fb, collection: 'fb-live' } })
    // the scratch store is keyed by id, whatever the live registry calls the collection
    expect(e).toMatchObject({
      id: 'facebook-s1',
      company: 'Facebook, Inc.',
      source: '/x/fb.htm',
      collection: 'facebook-s1',
    })
    expect(e).not.toHaveProperty('sourcePath')
    expect(e).not.toHaveProperty('default')
  })
  it('names the company of a file-only filing when given, else by its id', () => {
    expect(scratchEntry({ id: 'fb-x', file: '/x.pdf', company: 'Best Buy' }).company).toBe('Best Buy')
    expect(scratchEntry({ id: 'fb-x', file: '/x.pdf' }).company).toBe('fb-x')
  })
  it('writes a registry the shared loader accepts, and removes it on dispose', () => {
    const pdf = resolve(ROOT, 'samples/facebook-s1.pdf')
    const scratch = createScratch([
      { id: 'acme-s1', file: pdf },
      { id: 'fb-3m-2022-10k', file: pdf },
    ])
    try {
      const registry = loadRegistry(scratch.registryPath)
      expect(registry.filings.map((f) => f.id)).toEqual(['acme-s1', 'fb-3m-2022-10k'])
      expect(registry.get('acme-s1')?.sourcePath).toBe(pdf)
      expect(JSON.parse(readFileSync(scratch.registryPath, 'utf8')).filings[1].collection).toBe(
        'fb-3m-2022-10k',
      )
    } finally {
      scratch.dispose()
    }
    expect(existsSync(scratch.dir)).toBe(false)
  })
})
