import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { namesAsPrinted } from '../src/answer/printed-names'
import { analyzeQuestion } from '../src/answer/question'
import { ACME_PAGES, chunksOf } from './helper'

const base = chunksOf('acme-s1', ACME_PAGES)[0] as SearchHit['chunk']
const hitsOf = (...texts: string[]): SearchHit[] =>
  texts.map((text, i) => ({ chunk: { ...base, id: `c${i}`, text }, score: 1 }))

describe('names as the filing prints them', () => {
  it('reads a capitalised word the passages print only in lower case as a common word', () => {
    const q = analyzeQuestion('Does Acme have an improving Free cashflow conversion in 2022?', 'Acme Inc.')
    expect(q.names).toEqual(['free'])
    const hits = hitsOf(
      'We convert users of our free apps to paid plans.',
      'Net cash provided by operating activities 7,838',
    )
    const read = namesAsPrinted(q, hits)
    expect(read.names).toEqual([])
    expect(read.nameHeads).toEqual([])
  })
  it('keeps a name the passages print capitalised, in capitals, or not at all', () => {
    const q = analyzeQuestion('What did Mark Zuckerberg say about CMP-CPS-001?', 'Acme Inc.')
    // A sentence's first word is capitalised for grammar: "Mark" there would not count, but the
    // second passage prints "Mark" inside a sentence.
    const hits = hitsOf(
      'Mark the date. Our founder, Mark Zuckerberg, spoke.',
      'We developed CMP-CPS-001 in house.',
    )
    expect(namesAsPrinted(q, hits).names).toEqual(q.names)
    // Absent from every passage: still asked about, so the answer can say no passage names it.
    const absent = analyzeQuestion('What is Jane Doe paid?', 'Acme Inc.')
    expect(namesAsPrinted(absent, hitsOf('Salaries are paid monthly.')).names).toEqual(absent.names)
  })
  it('does not take a sentence-initial capital for a name', () => {
    const q = analyzeQuestion('How is Growth measured?', 'Acme Inc.')
    expect(q.names).toEqual(['growth'])
    expect(namesAsPrinted(q, hitsOf('Growth was strong. Our growth is measured by revenue.')).names).toEqual(
      [],
    )
  })
})
