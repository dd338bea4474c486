import type { PageRecord } from '@asks1/shared/contract/chunk'
import { parseFigures } from '@asks1/shared/contract/figures'
import { describe, expect, it } from 'vitest'
import { addScores, checkReferenceFigures, offBy10, wrongUnits } from '../src/figure-check'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [1], matter: 'body', text })
const fig = (text: string) => {
  const f = parseFigures(text)[0]
  if (!f) throw new Error(`no figure in ${text}`)
  return f
}

describe('wrong figures', () => {
  it('are 10% more, printed exactly (a wrong answer states its own number)', () => {
    expect(offBy10(fig('$7 million'))).toMatchObject({
      text: '$7.7 million',
      value: 7.7e6,
      tolerance: 0.05e6,
    })
    expect(offBy10(fig('23.03%'))).toMatchObject({ text: '25.333%', kind: 'percent' })
    expect(offBy10(fig('$5,845 thousand')).text).toBe('$6,429.5 thousand')
    expect(offBy10(fig('(27,474)')).value).toBeCloseTo(-30221.4)
    expect(wrongUnits(fig('$7 million'))?.value).toBe(7e9)
    expect(wrongUnits(fig('7 shares'))).toBeNull()
  })
})

describe('checkReferenceFigures', () => {
  // The shape of facebook-s1-22: total assets printed, their growth computed by the answer.
  const pages = new Map([
    ['F-3', page('F-3', '(In millions)\nTotal assets $ 2,990 $ 6,331\nNet deferred tax (8) (10)')],
    ['F-27', page('F-27', 'carryforwards of $7 million and $17 million')],
  ])
  it('counts printed, computed and not-found figures, and wrong ones found or computed', () => {
    const s = checkReferenceFigures(
      [
        {
          id: 'grew',
          answer: 'Total assets rose from $2,990 million to $6,331 million (about $3.3 billion more).',
          gold_pages: ['F-3'],
        },
        { id: 'nol', answer: 'Carryforwards of $7 million and $17 million.', gold_pages: ['F-27', 'F-3'] },
        { id: 'none', answer: 'Revenue was $4,100 million.', gold_pages: ['F-3'] },
      ],
      pages,
    )
    expect(s).toMatchObject({ figures: 6, printed: 4, computed: 1, falseNotVerified: 1 })
    // 5 figures printed or computed, each 10% off and in wrong units.
    expect(s.wrongChecked).toBe(10)
    // "$7.7 million" is not the (8) of F-3: the quote's precision decides.
    expect(s).toMatchObject({ falseVerified: 0, falseComputed: 0 })
    expect(addScores([s, s]).printed).toBe(8)
  })
})
