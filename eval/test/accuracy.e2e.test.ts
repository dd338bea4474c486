/** Page accuracy of the whole bundled facebook-s1.pdf (end-to-end: every page through pdf.js). */
import { resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import { describe, expect, it } from 'vitest'
import { pageAccuracy } from '../src/accuracy'
import { groundTruth, ROOT } from './ground-truth'

describe('page accuracy of the bundled PDF sample', () => {
  it('puts at least 99.5% of facebook-s1.pdf sentences on their own printed page', async () => {
    const { pages } = await readPages(resolve(ROOT, 'samples/facebook-s1.pdf'))
    const acc = pageAccuracy(pages, groundTruth('facebook-s1'))
    expect(acc.total).toBe(496)
    expect(acc.share).toBeGreaterThanOrEqual(0.995)
    // None of the sampled body sentences lands on a trimmed page.
    expect(acc.inTrimmed).toBe(0)
  }, 120_000)
})
