import { textUnits } from '@asks1/shared/contract/sentences'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { describe, expect, it } from 'vitest'
import { clipWindow } from '../src/answer/clip'
import { quoteSpan } from '../src/answer/quote-pages'

const unitOf = (text: string, start: string) =>
  textUnits(text, start)[0] as ReturnType<typeof textUnits>[number]
const whole = (u: { text: string }) => ({ from: 0, to: u.text.length })

describe('quoteSpan', () => {
  it('narrows a table too long to quote whole to the page holding the question terms', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Other item ${i} ${100 + i} ${200 + i}`).join(' ')
    const u = unitOf(
      `Year Ended December 31, 2010 2011 Advertising $ 1,868 $ 3,154 Total revenue $ 1,974 $ 3,711 [p.F-5] ${rows}`,
      'F-4',
    )
    expect(u.pages).toEqual(['F-4', 'F-5'])
    const terms = keywordTerms('total revenue')
    const window = clipWindow(u.text, terms)
    expect(window.to - window.from).toBeLessThan(u.text.length)
    const span = quoteSpan(u, window, terms)
    expect(span.pages).toEqual(['F-4'])
    expect(u.text.slice(span.from, span.to)).toContain('$ 3,711')
    expect(u.text.slice(span.from, span.to)).not.toContain('Other item')
  })
  it('quotes a sentence whole, cited on every page it is printed on', () => {
    const u = unitOf(
      'Our auditor included a paragraph stating that our recurring losses [p.19] raise substantial doubt.',
      '18',
    )
    expect(quoteSpan(u, whole(u), keywordTerms('substantial doubt')).pages).toEqual(['18', '19'])
  })
  it('cites only the pages a clipped window lies on', () => {
    const u = unitOf(
      `A long sentence ${'with filler words about nothing in particular, '.repeat(3)}[p.9] and the answer sits here.`,
      '8',
    )
    const at = u.text.indexOf('and the answer')
    expect(quoteSpan(u, { from: at, to: u.text.length }, []).pages).toEqual(['9'])
  })
})
