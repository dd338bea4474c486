import { describe, expect, it } from 'vitest'
import { PlainBm25, plainTokens } from '../src/baseline'

describe('plain BM25 baseline', () => {
  it('tokenises body text only: lower case, no stems, no page tags', () => {
    expect(plainTokens('[p.12] Employees: 3,711 at Best Buy')).toEqual([
      'p',
      '12',
      'employees',
      '3',
      '711',
      'at',
      'best',
      'buy',
    ])
  })

  it('ranks by BM25: rarer and repeated terms weigh more, no stemming', () => {
    const docs = [
      { id: 'a', text: '[p.1] The company had employees in offices.' },
      { id: 'b', text: '[p.2] Employees employees employees, all of them employees.' },
      { id: 'c', text: '[p.3] The company employs people in offices.' },
      { id: 'd', text: '[p.4] Revenue grew in the year.' },
    ]
    const bm = new PlainBm25(docs)
    expect(bm.search('employees', 10).map((d) => d.id)).toEqual(['b', 'a'])
    // "employ" is not stemmed to meet "employees" or "employs".
    expect(bm.search('employ', 10)).toEqual([])
    expect(bm.search('revenue of the company', 1).map((d) => d.id)).toEqual(['d'])
  })
})
