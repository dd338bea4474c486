import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../src/answer/extractive'
import { namesProceeding } from '../src/answer/proceedings'
import { analyzeQuestion } from '../src/answer/question'
import { chunksOf } from './helper'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], matter: 'body', text })

const hitsOf = (pages: PageRecord[]): SearchHit[] =>
  chunksOf('acme-s1', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))

/** Facebook's S-1 as printed: the notes' generic contingency first, then Legal Proceedings (p.93). */
const PAGES = [
  page(
    'F-20',
    'Contingencies Legal Matters We are party to various legal proceedings and claims which arise in the ordinary course of business. Such legal proceedings are inherently unpredictable and subject to significant uncertainties.',
  ),
  page(
    '93',
    'Legal Proceedings We are currently parties to multiple lawsuits related to our products, and we may in the future be subject to additional lawsuits and disputes. We are also involved in other claims, lawsuits, government investigations, settlements, and proceedings arising from the ordinary course of our business. Paul D. Ceglia filed suit against us and Mark Zuckerberg on or about June 30, 2010, in the Supreme Court of the State of New York for the County of Allegheny claiming substantial ownership of our company. We removed the case to the U.S. District Court for the Western District of New York, where the case is now pending.',
  ),
]

describe('legal proceedings as Item 103 asks them (proceedings.ts)', () => {
  it('reads a question naming the section title as asking for proceedings', () => {
    const kind = (question: string) => analyzeQuestion(question, 'Facebook, Inc.').formAnswer ?? null
    expect(kind('Which material legal proceedings is Facebook a party to?')).toBe('proceedings')
    expect(kind('What legal proceedings is Facebook involved in?')).toBe('proceedings')
    expect(kind('What are the risks of legal claims to Facebook?')).toBeNull()
  })

  it('tells a proceeding named by its court or filing from a generic sentence', () => {
    expect(
      namesProceeding('Paul D. Ceglia filed suit against us in the Supreme Court of the State of New York'),
    ).toBe(true)
    expect(
      namesProceeding(
        'On April 9, 2009, a lawsuit was filed against us by Zamora Radio LLC in the U.S. District Court for the Southern District of Florida',
      ),
    ).toBe(true)
    expect(
      namesProceeding(
        'We are party to various legal proceedings and claims which arise in the ordinary course of business.',
      ),
    ).toBe(false)
    expect(namesProceeding('We are not currently a party to any material legal proceedings.')).toBe(false)
  })

  it('quotes the named case first, and not the generic sentences after it', () => {
    const { text } = extractiveAnswer(
      'Which material legal proceedings is Facebook a party to?',
      hitsOf(PAGES),
      {
        company: 'Facebook, Inc.',
      },
    )
    const quotes = text.split('\n').filter((l) => l.startsWith('- '))
    expect(quotes[0]).toMatch(/\[p\.93\]$/)
    expect(text).toContain('Paul D. Ceglia filed suit')
    expect(text).not.toContain('[p.F-20]')
  })

  it('still answers when the filing names no proceeding (a filer party to none)', () => {
    const none = [
      page('154', 'Legal proceedings We are not currently a party to any material legal proceedings.'),
    ]
    const r = extractiveAnswer('Which material legal proceedings is CAMP4 a party to?', hitsOf(none), {
      company: 'CAMP4 Therapeutics Corporation',
    })
    expect(r.abstention).toBeNull()
    expect(r.text).toContain('not currently a party')
  })
})
