import { describe, expect, it } from 'vitest'
import { periodsAdded } from '../src/amend/figures'
import type { Section } from '../src/amend/sections'

/** One section of a version whose body is `text`, every word on page `page`. */
const version = (text: string, page = 'F-3'): Section[] => [
  {
    path: ['SUMMARY FINANCIAL DATA'],
    key: 'summary financial data',
    index: 0,
    words: text.split(' ').map((t) => ({ text: t, page })),
  },
]

describe('periods a new version reports (amend)', () => {
  it('reads "3 months ended" and "three months ended" as one period', () => {
    const before = version('Revenue for the three months ended June 30, 2020 was $10 million.')
    const after = version('Revenue for the 3 months ended June 30, 2020 was $10 million.')
    expect(periodsAdded(before, after)).toEqual([])
  })

  it('reports a later quarter, whichever way its count is printed', () => {
    const before = version('Revenue for the three months ended June 30, 2020 was $10 million.')
    const after = version('Revenue for the 3 months ended September 30, 2020 was $12 million.', 'F-4')
    const added = periodsAdded(before, after)
    expect(added.map((a) => [a.before, a.after, a.to.pages])).toEqual([
      ['three months ended June 30, 2020', '3 months ended September 30, 2020', ['F-4']],
    ])
  })
})
