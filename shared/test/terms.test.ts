import { describe, expect, it } from 'vitest'
import { keywordTerms, queryTerms, stem } from '../src/retrieval/terms'

describe('keywordTerms', () => {
  it('keeps percentages, money and numbers with commas as terms', () => {
    const t = keywordTerms(
      'Net retention was 900% and revenue of $1.2 billion; 50.1% of votes; 3,711 employees.',
    )
    expect(t).toEqual(
      expect.arrayContaining(['900%', '$1.2 billion', '$1.2', '1.2', '50.1%', '3,711', '3711']),
    )
    expect(t).toContain('billion')
    expect(t).toContain(stem('employees'))
  })

  it('treats "55 percent" like "55%"', () => {
    expect(keywordTerms('grew 55 percent')).toContain('55%')
  })

  it('keeps share classes, defined terms and page-like codes', () => {
    const t = keywordTerms('The Long-Term Benefit Trust holds Class F stock; see page F-16 of the Form 10-K.')
    expect(t).toEqual(
      expect.arrayContaining(['long-term benefit trust', 'long-term', 'trust', 'class f', 'f-16', '10-k']),
    )
    // The leading "The" does not join the defined term.
    expect(t).not.toContain('the long-term benefit trust')
  })

  it('matches a share class typed in lower case, but not "class of"', () => {
    expect(keywordTerms('how many class a shares')).toContain('class a')
    expect(keywordTerms('a class of stock')).not.toContain('class of')
  })

  it('lower-cases ordinary words and drops stop words and single letters', () => {
    expect(keywordTerms('The Company AND its Users are a Market')).toEqual(['compani', 'user', 'market'])
  })

  it('never joins a capitalised run across punctuation', () => {
    const t = keywordTerms('He joined Facebook. Mark Zuckerberg spoke.')
    expect(t).toContain('mark zuckerberg')
    expect(t).not.toContain('facebook mark')
  })

  it('strips possessives', () => {
    expect(keywordTerms("Facebook's users")).toEqual(['facebook', 'user'])
  })

  it('keeps repeats for term frequency; queryTerms dedupes', () => {
    expect(keywordTerms('revenue revenue').length).toBe(2)
    expect(queryTerms('revenue revenues')).toEqual(['revenu'])
  })

  it('tokenises a question like the document text it should match', () => {
    const doc = new Set(keywordTerms('voting power of 50.1% held by Class F holders'))
    for (const q of queryTerms('Who holds 50.1% through Class F?')) {
      if (q !== 'hold') expect(doc.has(q), q).toBe(true)
    }
  })
})

describe('stemming', () => {
  it('meets inflections at one Porter stem, at index and query time alike', () => {
    expect(new Set(keywordTerms('employees employee'))).toEqual(new Set(['employe']))
    expect(new Set(keywordTerms('revenue revenues'))).toEqual(new Set(['revenu']))
    expect(keywordTerms('underwriters underwriting')).toEqual(['underwrit', 'underwrit'])
    expect(stem('proceeds')).toBe(stem('proceed'))
  })

  it('stems the words of compounds, not figures or codes', () => {
    const t = keywordTerms('Principal Stockholders hold 3,711 shares; see F-16.')
    expect(t).toEqual(expect.arrayContaining(['princip stockhold', '3,711', '3711', 'f-16']))
  })

  it('has no question vocabulary: the module exports no expansion or filler list', async () => {
    const mod = await import('../src/retrieval/terms')
    expect(Object.keys(mod).sort()).toEqual(['isStopWord', 'keywordTerms', 'queryTerms', 'stem', 'tokens'])
  })
})

describe('digits glued to letters', () => {
  it('are one word ("3M", "2nd"), while figures keep their shape', () => {
    expect(keywordTerms('3M reported 2nd quarter sales of 3.5x and 3,711')).toEqual([
      '3m',
      stem('reported'),
      '2nd',
      stem('quarter'),
      stem('sales'),
      '3.5',
      '3,711',
      '3711',
    ])
  })
})
