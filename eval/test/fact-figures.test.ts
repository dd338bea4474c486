import { describe, expect, it } from 'vitest'
import { factFound, falseRefusalRate, isCorrectRefusal, refuses } from '../src/metrics'

describe('gold facts after units and rounding', () => {
  it('finds a figure written in other units or rounded', () => {
    expect(factFound('Revenue was $2.5 billion.', '$2,500 million')).toBe(true)
    // A bare gold figure from a table in millions or thousands.
    expect(factFound('Revenue was $3.7 billion in 2011.', '3,711')).toBe(true)
    expect(factFound('Revenue was $166.9 million.', '166,919')).toBe(true)
    expect(factFound('Growth was 88%.', '88%')).toBe(true)
  })
  it('does not find a different number, an amount in other units, or a percentage for an amount', () => {
    expect(factFound('Revenue was $4.2 billion.', '3,711')).toBe(false)
    expect(factFound('It grew 41%.', '$41 million')).toBe(false)
    expect(factFound('Revenue was $41 thousand.', '$41 million')).toBe(false)
    expect(factFound('In 2011 we grew.', '2,011')).toBe(false)
  })
  it('still matches words literally', () => {
    expect(factFound('Led by Morgan Stanley.', 'Morgan Stanley')).toBe(true)
    expect(factFound('Led by Morgan Stanleys.', 'Morgan Stanley')).toBe(false)
  })
})

describe('refusals', () => {
  const base = { id: 'q', kind: 'core' as const, goldPages: ['1'], facts: [], latencyMs: 1 }
  it('counts the server’s abstention marker, and never a reply that cites a page', () => {
    expect(refuses({ answer: 'Quoted passages.', citations: [], abstained: true })).toBe(true)
    expect(refuses({ answer: 'The filing does not appear to say.', citations: [] })).toBe(true)
    expect(
      refuses({ answer: 'The filing does not say [p.3].', citations: [{ page: '3', verified: true }] }),
    ).toBe(false)
    expect(isCorrectRefusal({ answer: '', citations: [], abstained: true, error: 'HTTP 500: boom' })).toBe(
      false,
    )
    expect(
      falseRefusalRate([
        { ...base, answer: 'x', citations: [], abstained: true },
        { ...base, answer: 'Revenue was $1 [p.1]', citations: [{ page: '1', verified: true }] },
      ]),
    ).toBe(0.5)
  })
})
