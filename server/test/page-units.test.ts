import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { evidenceModel } from '../src/answer/evidence-model'
import { extractiveAnswer } from '../src/answer/extractive'
import { PAGE_UNIT_WEIGHT } from '../src/answer/page-units'
import { analyzeQuestion } from '../src/answer/question'
import { rankUnits } from '../src/answer/rank'

const FACILITIES =
  'Our corporate headquarters are located in Oakland, California, where we lease approximately 80,000 square feet of office space.'
const WAREHOUSE =
  'The leases of our two warehouses in Reno, Nevada expire in March 2015, and we intend to renew the warehouse leases on commercially reasonable terms.'
const OTHER = 'We believe that our facilities are adequate to meet our needs for the immediate future.'

/** Printed page 57: the chunk retrieved holds its first paragraph only. */
const PAGE: PageRecord = {
  label: '57',
  pdfPages: [],
  text: `Facilities\n\n${FACILITIES}\n\n${OTHER}\n\n${WAREHOUSE}`,
  matter: 'body',
} as PageRecord

function hit(text: string): SearchHit {
  const chunk: Chunk = {
    id: 'acme-1',
    filing: 'acme',
    version: '1',
    ordinal: 1,
    text: `[p.57] ${text}`,
    pages: ['57'],
    pdfPages: [],
    section: 'BUSINESS › Facilities',
    fallback: false,
  }
  return { chunk, score: 1 } as SearchHit
}

describe('the whole printed pages of the retrieved chunks', () => {
  it('ranks the units of the page outside the chunk, on their page, weighed down', () => {
    const q = analyzeQuestion('What are the terms of the warehouse leases in Reno?', 'Acme, Inc.')
    const hits = [hit(FACILITIES)]
    const plain = rankUnits(q, evidenceModel(q, hits))
    expect(plain.some((u) => u.text.includes('Reno'))).toBe(false)
    const whole = rankUnits(q, evidenceModel(q, hits, { wholePages: { pages: [PAGE], weight: 1 } }))
    const weighed = rankUnits(
      q,
      evidenceModel(q, hits, { wholePages: { pages: [PAGE], weight: PAGE_UNIT_WEIGHT } }),
    )
    const reno = (us: typeof whole) => us.find((u) => u.text.includes('Reno'))
    expect(reno(whole)).toMatchObject({ outside: true, pages: ['57'], hit: 0 })
    expect(reno(weighed)?.score).toBeCloseTo((reno(whole)?.score ?? 0) * PAGE_UNIT_WEIGHT)
    // The chunk's own unit is read once, as the chunk's.
    expect(whole.filter((u) => u.text.includes('Oakland'))).toMatchObject([{ outside: false }])
  })

  it("quotes the page's sentence that answers, cited with the page's printed label", () => {
    const a = extractiveAnswer(
      'What are the terms of the warehouse leases in Reno?',
      [hit(`Facilities ${FACILITIES} We lease warehouses in Reno, Nevada.`)],
      {
        company: 'Acme, Inc.',
        pages: [PAGE],
      },
    )
    expect(a.abstention).toBeNull()
    expect(a.text).toContain(`“${WAREHOUSE}” [p.57]`)
  })

  it('does not answer from the page a question the retrieved passages leave unanswered', () => {
    // Read alone, the page's sentence would answer: a page holds many more sentences than the
    // passage retrieval chose, and a negative question finds its words somewhere in them.
    const question = 'What are the terms of the warehouse leases?'
    const hits = [hit(`Facilities ${OTHER}`)]
    expect(
      extractiveAnswer(question, hits, { company: 'Acme, Inc.', pages: [PAGE] }).abstention,
    ).not.toBeNull()
  })
})
