import { textUnits } from '@asks1/shared/contract/sentences'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { describe, expect, it } from 'vitest'
import { quoteSpan } from '../src/answer/quote-pages'

const unitOf = (text: string, start: string) =>
  textUnits(text, start)[0] as ReturnType<typeof textUnits>[number]
const whole = (u: { text: string }) => ({ from: 0, to: u.text.length })

describe('quoteSpan', () => {
  it('cites only the page whose part holds the question terms, and quotes only that part', () => {
    const u = unitOf(
      'Revenue Year Ended December 31, 2011 Advertising $ 3,154 Payments 557 Total revenue $ 3,711 [p.F-5] Cost of sales 860 Marketing 427 Research 388',
      'F-4',
    )
    expect(u.pages).toEqual(['F-4', 'F-5'])
    const span = quoteSpan(u, whole(u), keywordTerms('total revenue'))
    expect(span.pages).toEqual(['F-4'])
    expect(u.text.slice(span.from, span.to)).toContain('$ 3,711')
    expect(u.text.slice(span.from, span.to)).not.toContain('Marketing')
  })
  it('keeps both pages when both parts hold question terms', () => {
    const u = unitOf(
      'Our revenue in 2011 grew to $3.7 billion, [p.5] while revenue from payments grew to $557 million.',
      '4',
    )
    expect(quoteSpan(u, whole(u), keywordTerms('revenue')).pages).toEqual(['4', '5'])
  })
  it('cites only the pages a clipped window lies on', () => {
    const u = unitOf(
      `A long sentence ${'with filler words about nothing in particular, '.repeat(3)}[p.9] and the answer sits here.`,
      '8',
    )
    const at = u.text.indexOf('and the answer')
    expect(quoteSpan(u, { from: at, to: u.text.length }, []).pages).toEqual(['9'])
  })
  it('keeps every page when no part holds a question term', () => {
    const u = unitOf('Something printed on one page [p.3] continues on the next page.', '2')
    expect(quoteSpan(u, whole(u), keywordTerms('dividend')).pages).toEqual(['2', '3'])
  })
})
