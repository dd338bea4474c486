import { describe, expect, it } from 'vitest'
import { verbLemma, withVerbLemmas } from '../src/answer/lemmas'
import { stemsOf } from '../src/answer/stems'

describe('irregular verb forms', () => {
  it('reads them as their base form and leaves other words alone', () => {
    expect(['paid', 'sold', 'lost', 'grew', 'spent'].map(verbLemma)).toEqual([
      'pay',
      'sell',
      'lose',
      'grow',
      'spend',
    ])
    expect(withVerbLemmas('Revenue grew; we paid Sales.')).toBe('Revenue grow; we pay Sales.')
  })
  it('gives a unit and a question the same terms for either form', () => {
    expect(stemsOf('never paid dividends')).toEqual(stemsOf('never pay dividends'))
  })
})
