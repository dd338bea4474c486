import { readFileSync } from 'node:fs'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../src/answer/extractive'
import { chunksOf } from './helper'

/**
 * facebook-s1.pdf pp.39, 144–145 as ingest reads them (text and tables; a preliminary prospectus:
 * counts and prices left blank): the dilution page prints "would own % and", the underwriting pages
 * the option "exercisable for 30 days". Shared with list-superlatives.test.ts.
 */
const PAGES = JSON.parse(
  readFileSync(new URL('./fixtures/kinds-pages.json', import.meta.url), 'utf8'),
) as Record<'facebook', PageRecord[]>

function hitsOn(labels: string[]): SearchHit[] {
  const pages = labels.map((l) => PAGES.facebook.find((p) => p.label === l) as PageRecord)
  return chunksOf('facebook-s1', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))
}

describe('a question asking how long', () => {
  it('quotes the length of time, though the sentence leaves the share count blank', () => {
    // The server had refused it: the dilution page's "would own % and" (a blank beside "shares")
    // matched as well. It prints no length of time, so it no longer stands where the answer belongs.
    const a = extractiveAnswer(
      "How long is the underwriters' option to purchase additional shares?",
      hitsOn(['144', '39', '145']),
      { company: 'Facebook, Inc.' },
    )
    expect(a.abstention).toBeNull()
    expect(a.text).toMatch(/exercisable for 30 days from the date of this prospectus[^\n]*\[p\.144\]/)
  })

  it('abstains when no matching passage prints a length of time', () => {
    const a = extractiveAnswer(
      'How long may the underwriters keep a naked short position?',
      hitsOn(['145']),
      {
        company: 'Facebook, Inc.',
      },
    )
    expect(a.abstention?.reason).toBe('no-duration')
    expect(a.text).toMatch(/give no length of time/)
  })
})
