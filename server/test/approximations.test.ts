import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../src/answer/extractive'
import { chunksOf } from './helper'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], matter: 'body', text })

const hitsOf = (pages: PageRecord[]): SearchHit[] =>
  chunksOf('twitter-10k', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))

describe('a rounded restatement beside the exact figure (approximations.ts)', () => {
  // Twitter's 10-K as printed: the risk factors and MD&A round the count Item 101 states exactly.
  const pages = [
    page(
      '21',
      'As of December 31, 2013, we had approximately 2,700 full-time employees, an increase of approximately 2,600 full-time employees since January 1, 2010.',
    ),
    page('12', 'Employees As of December 31, 2013, we had 2,712 full-time employees.'),
  ]

  it('quotes the exact figure and drops the rounding of it', () => {
    const { text } = extractiveAnswer(
      'How many full-time employees did Twitter have at the end of 2013?',
      hitsOf(pages),
      {
        company: 'Twitter, Inc.',
      },
    )
    expect(text).toContain('we had 2,712 full-time employees.” [p.12]')
    expect(text).not.toContain('[p.21]')
  })

  it('keeps a rounded figure no other quote states exactly', () => {
    const { text } = extractiveAnswer(
      'How many full-time employees did Twitter have at the end of 2013?',
      hitsOf([pages[0] as PageRecord]),
      { company: 'Twitter, Inc.' },
    )
    expect(text).toContain('approximately 2,700 full-time employees')
  })
})
