/**
 * Page accuracy (the measure `pnpm eval:pages` and `pnpm eval` report), and its value on the bundled
 * Pandora HTML: the ground-truth sentences, read by the ingest package, on their own printed page.
 * The ground truth is a seeded sample from `../shared/data/groundtruth` kept in test/fixtures, so
 * these run from a plain clone. The Facebook PDF's is in accuracy.e2e.test.ts (a whole PDF).
 */
import { resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { describe, expect, it } from 'vitest'
import { pageAccuracy } from '../src/accuracy'
import { groundTruth, ROOT } from './ground-truth'

describe('pageAccuracy', () => {
  const page = (label: string, text: string, matter: PageRecord['matter'] = 'body'): PageRecord => ({
    label,
    pdfPages: [],
    text,
    matter,
  })
  it('counts a sentence found on its own page, elsewhere, or on a trimmed page', () => {
    const pages = [
      page('i', 'Cover words here.', 'front'),
      page('1', 'Revenue grew 88%.'),
      page('2', 'Costs fell.'),
    ]
    const acc = pageAccuracy(pages, [
      { page: '1', sentence: 'Revenue  grew 88 %.' },
      { page: '1', sentence: 'Costs fell.' },
      { page: 'i', sentence: 'Cover words here' },
      { page: '9', sentence: 'Nowhere.' },
    ])
    expect(acc).toMatchObject({ total: 4, found: 2, share: 0.5, elsewhere: 1, missingPages: 1, inTrimmed: 1 })
  })
})

describe('page accuracy of the bundled samples', () => {
  it('puts at least 99.5% of pandora-s1.htm sentences on their own printed page', async () => {
    const { pages } = await readPages(resolve(ROOT, 'samples/pandora-s1.htm'))
    const acc = pageAccuracy(pages, groundTruth('pandora-s1'))
    expect(acc.total).toBe(423)
    expect(acc.share).toBeGreaterThanOrEqual(0.995)
    expect(acc.inTrimmed).toBe(0)
  })
})
