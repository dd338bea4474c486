import { analyzeQuery } from '@asks1/shared/retrieval/query'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { fuseHits, questionParts } from '../src/answer/compound'
import { compoundAnswer } from '../src/answer/extractive'
import { analyzeQuestion } from '../src/answer/question'
import { withRelevance } from '../src/answer/relevance'
import { verifyCitations } from '../src/answer/verify'
import { ACME_PAGES, chunksOf } from './helper'

const company = 'Acme Rockets, Inc.'
const hit = (id: string, label: string, text: string): SearchHit => ({
  chunk: { ...chunksOf('acme-s1', ACME_PAGES)[0]!, id, text: `[p.${label}] ${text}`, pages: [label] },
  score: 1,
})

describe('questionParts', () => {
  it('gives a part that leans on the first its subject and period', () => {
    const [first, second] = questionParts(
      analyzeQuery('How much revenue did Acme make in 2011, and how fast did it grow?'),
    )
    expect(first?.answerType).toBe('amount')
    expect(second?.answerType).toBe('percentage')
    // "it" is the revenue of 2011; "grow" names the change the percentage asks for, not a word to find.
    expect(second?.terms).toEqual(expect.arrayContaining(['revenu', '2011']))
    expect(second?.terms).not.toContain('grow')
    expect(second?.periods.map((p) => p.year)).toEqual([2011])
  })

  it('keeps clauses that each name their own subject as one question', () => {
    const q = 'In which city is Acme headquartered and what is the street address?'
    expect(questionParts(analyzeQuery(q)).map((p) => p.text)).toEqual([q])
  })
})

describe('compound answers', () => {
  const revenue = hit('r', '1', 'Our revenue was $3,711 million in 2011.')
  const growth = hit('g', '2', 'Revenue in 2011 increased $1,737 million, or 88% compared to 2010.')
  const bonus = hit(
    'b',
    '3',
    'Ms. Sandberg received $86,133 for the First Half 2011 bonus, for growing revenue.',
  )
  const parts = questionParts(
    analyzeQuery('How much revenue did Acme make in 2011, and how fast did it grow?'),
  ).map((p) => analyzeQuestion(p, company))

  it('quotes each part under its own heading, three quotes at most', () => {
    const pool = [revenue, growth, bonus]
    const answer = compoundAnswer(parts.map((q) => ({ q, hits: pool })))
    expect(answer.abstention).toBeNull()
    const [, one, two] = answer.text.split(/\n\nOn /)
    expect(one).toMatch(/^“How much revenue did Acme make in 2011\?”:\n- “Our revenue was \$3,711 million/)
    expect(two).toMatch(/^“How fast did it grow\?”:\n- “Revenue in 2011 increased \$1,737 million, or 88%/)
    expect(answer.text.match(/\[p\./g)?.length).toBeLessThanOrEqual(3)
  })

  it('says which part the filing does not answer', () => {
    const answer = compoundAnswer([
      { q: parts[0]!, hits: [revenue] },
      { q: parts[1]!, hits: [hit('x', '4', 'Our headquarters are in Hawthorne, California.')] },
    ])
    expect(answer.abstention).toBeNull()
    expect(answer.text).toContain('On “How fast did it grow?”:\nThe filing does not appear to say:')
  })

  it('does not answer a part whose pronoun stands for the unnamed answer of a "who" part', () => {
    const who = questionParts(
      analyzeQuery('Who is Acme’s largest shareholder, and what percentage does it own?'),
    ).map((p) => analyzeQuestion(p, company))
    const pool = [
      hit(
        's',
        '5',
        'An ownership change occurs if our 5% shareholders increase their ownership by over 50 percentage points.',
      ),
    ]
    const answer = compoundAnswer(who.map((q) => ({ q, hits: pool })))
    expect(answer.abstention?.reason).toBe('no-name-answer')
    expect(answer.text).not.toContain('[p.5]')
    // Named, the holder answers both parts.
    const named = hit('n', '6', 'Elon Industries LLC owns 42% of our shares, our largest shareholder.')
    expect(compoundAnswer(who.map((q) => ({ q, hits: [named] }))).abstention).toBeNull()
  })

  it('abstains when no part is answered, naming each', () => {
    const answer = compoundAnswer(
      parts.map((q) => ({ q, hits: [hit('x', '4', 'Our headquarters are in Hawthorne.')] })),
    )
    expect(answer.abstention).not.toBeNull()
    expect(answer.text).toContain('“How much revenue did Acme make in 2011?”:')
    expect(answer.text).toContain('“How fast did it grow?”:')
  })

  it('measures each quote against the part it answers', () => {
    const answer = compoundAnswer(parts.map((q) => ({ q, hits: [revenue, growth] }))).text
    const pages = new Map([
      ['1', 'Our revenue was $3,711 million in 2011.'],
      ['2', 'Revenue in 2011 increased $1,737 million, or 88% compared to 2010.'],
    ])
    const cited = withRelevance(
      parts[0]!,
      answer,
      [revenue, growth],
      verifyCitations(answer, pages),
      company,
      [
        { analysis: parts[0]!, hits: [revenue, growth] },
        { analysis: parts[1]!, hits: [revenue, growth] },
      ],
    )
    expect(cited.map((c) => [c.page, c.relevance?.level])).toEqual([
      ['1', 'strong'],
      ['2', 'strong'],
    ])
  })
})

describe('fuseHits', () => {
  it('fuses the parts’ lists by reciprocal rank, each chunk once', () => {
    const [a, b, c] = [hit('a', '1', 'a'), hit('b', '2', 'b'), hit('c', '3', 'c')]
    expect(
      fuseHits([
        [a, b],
        [c, b],
      ]).map((h) => h.chunk.id),
    ).toEqual(['b', 'a', 'c'])
  })
})
