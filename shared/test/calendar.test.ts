import { describe, expect, it } from 'vitest'
import { hasYear, isYear, MONTH_NAMES, monthOf, yearsIn } from '../src/contract/calendar'

describe('months', () => {
  it('monthOf reads a name or its abbreviation, and nothing shorter', () => {
    expect(MONTH_NAMES).toHaveLength(12)
    expect(monthOf('January')).toBe(1)
    expect(monthOf('Sept.')).toBe(9)
    expect(monthOf('DEC')).toBe(12)
    expect(monthOf('May')).toBe(5)
    expect(monthOf('Ma')).toBeNull()
    expect(monthOf('Foo')).toBeNull()
  })
})

describe('years', () => {
  it('isYear takes a whole four-digit year from 1900 to 2099 only', () => {
    for (const t of ['1900', '1999', '2011', '2099']) expect(isYear(t), t).toBe(true)
    for (const t of ['1899', '2100', '12', 'q3', '20111', ' 2011', '2011a', '$2011', ''])
      expect(isYear(t), t).toBe(false)
  })

  it('yearsIn and hasYear read years that stand as words', () => {
    expect(yearsIn('Year ended December 31, 2010 and 2011')).toEqual(['2010', '2011'])
    expect(yearsIn('FY2011, 20111 units, 1850')).toEqual([])
    expect(yearsIn('no year')).toEqual([])
    expect(hasYear('December 31, 2010')).toBe(true)
    expect(hasYear('Three months ended March 31')).toBe(false)
  })
})
