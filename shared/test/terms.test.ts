import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../src/config'
import { keywordTerms, queryTerms, searchTerms, tokens } from '../src/retrieval/terms'
import * as reference from './fixtures/terms-reference'

describe('keywordTerms', () => {
  it('keeps percentages, money and numbers with commas as terms', () => {
    const t = keywordTerms(
      'Net retention was 900% and revenue of $1.2 billion; 50.1% of votes; 3,711 employees.',
    )
    expect(t).toEqual(
      expect.arrayContaining(['900%', '$1.2 billion', '$1.2', '1.2', '50.1%', '3,711', '3711']),
    )
    expect(t).toContain('billion')
    expect(t).toContain('employees')
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
    expect(keywordTerms('The Company AND its Users are a Market')).toEqual(['company', 'users', 'market'])
  })

  it('never joins a capitalised run across punctuation', () => {
    const t = keywordTerms('He joined Facebook. Mark Zuckerberg spoke.')
    expect(t).toContain('mark zuckerberg')
    expect(t).not.toContain('facebook mark')
  })

  it('strips possessives', () => {
    expect(keywordTerms("Facebook's users")).toEqual(['facebook', 'users'])
  })

  it('keeps repeats for term frequency; queryTerms dedupes', () => {
    expect(keywordTerms('revenue revenue').length).toBe(2)
    expect(queryTerms('revenue revenue')).toEqual(['revenue'])
  })

  it('tokenises a question like the document text it should match', () => {
    const doc = new Set(keywordTerms('voting power of 50.1% held by Class F holders'))
    for (const q of queryTerms('Who holds 50.1% through Class F?')) {
      if (q !== 'holds' && q !== 'through') expect(doc.has(q), q).toBe(true)
    }
  })
})

describe('searchTerms', () => {
  it('starts with the question’s own terms, then adds the filing vocabulary its wording maps to', () => {
    const q = 'How did the top line grow?'
    const t = searchTerms(q)
    expect(t.slice(0, queryTerms(q).length)).toEqual(queryTerms(q))
    expect(t).toEqual(expect.arrayContaining(['revenue', 'increased']))
    expect(searchTerms("What was the company's bottom-line profit?")).toEqual(
      expect.arrayContaining(['net', 'income']),
    )
    expect(searchTerms('What is the headcount?')).toContain('employees')
    expect(searchTerms('Which banks are underwriting the IPO?')).toContain('underwriters')
    expect(new Set(searchTerms('revenue revenues sales')).size).toBe(
      searchTerms('revenue revenues sales').length,
    )
  })

  it('leaves out the words that ask for a kind of answer (how much money, how many people)', () => {
    expect(searchTerms('How much money did the fund raise from how many people?')).toEqual(
      queryTerms('fund raise'),
    )
  })

  it('adds the year of "FY2022" (one token) and the metric definitions of financial ratios', () => {
    expect(searchTerms('How did the operating margin change in FY2022?')).toEqual(
      expect.arrayContaining(['fy2022', '2022', 'fiscal', 'operating', 'income']),
    )
    expect(searchTerms('Is it a capital-intensive business?')).toContain('expenditures')
    // "Content acquisition costs" are an expense line, not buying a business.
    expect(searchTerms('How much were content acquisition costs?')).not.toContain('acquired')
    expect(searchTerms('What major acquisitions did it make?')).toContain('acquired')
  })

  it('adds nothing to a question in none of the mapped wordings', () => {
    for (const q of ['Is the business seasonal, based on 2022 data?', 'Who holds Class F?'])
      expect(searchTerms(q)).toEqual(queryTerms(q))
  })
})

describe('keywordTerms against the first implementation', () => {
  it('gives the same tokens and terms on real filing text (Pandora S-1)', () => {
    const html = readFileSync(join(ROOT_DIR, 'samples/pandora-s1.htm'), 'utf8')
    // Tags removed but line breaks, tabs and entities kept: the gaps are what the scan inspects.
    const text = html.slice(200_000, 320_000).replace(/<[^>]*>/g, ' \t')
    const ref = reference.keywordTerms(text)
    expect(ref.length).toBeGreaterThan(5000)
    expect(keywordTerms(text)).toEqual(ref)
    expect(tokens(text.normalize('NFKC'))).toEqual(reference.tokens(text.normalize('NFKC')))
    for (const s of [
      'Trust. The  Class\tF\nstock $ 3',
      "Facebook's Long-Term  Benefit Trust’s Élan-Vital co-founder",
    ])
      expect(keywordTerms(s)).toEqual(reference.keywordTerms(s))
  })
})
