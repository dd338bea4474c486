import { describe, expect, it } from 'vitest'
import { definedAbbreviations, withExpansions, withStandard } from '../src/answer/acronyms'

describe('abbreviations a filing defines', () => {
  it('reads "words (ABBR)", "words, or ABBR" and "(the “ABBR”)", skipping "and"/"of"', () => {
    const m = definedAbbreviations([
      'We had 845 million monthly active users (MAUs) in 2011.',
      'It treats urea cycle disorders, or UCDs, in children.',
      'filed with the Securities and Exchange Commission (the “SEC”) today',
    ])
    expect(m.get('mau')).toEqual(['monthli', 'activ', 'user'])
    expect(m.get('ucd')).toEqual(['urea', 'cycl', 'disord'])
    expect(m.get('sec')).toEqual(['secur', 'exchang', 'commiss'])
  })
  it('ignores a parenthesis whose letters do not spell the words before it', () => {
    const m = definedAbbreviations(['Revenue grew in the United States (NYSE) and abroad (ABC).'])
    expect(m.size).toBe(0)
  })
  it('reads each abbreviation in its place, followed by what it stands for', () => {
    const m = new Map([['mau', ['monthli', 'activ', 'user']]])
    expect(withExpansions(['845', 'mau', 'grew'], m)).toEqual([
      '845',
      'mau',
      'monthli',
      'activ',
      'user',
      'grew',
    ])
  })
  it('reads the words spelled out as their abbreviation too', () => {
    const m = new Map([['ipo', ['initi', 'public', 'offer']]])
    expect(withExpansions(['our', 'initi', 'public', 'offer', 'close'], m)).toEqual([
      'our',
      'initi',
      'public',
      'offer',
      'ipo',
      'close',
    ])
    expect(withExpansions(['public', 'offer'], m)).toEqual(['public', 'offer'])
  })
  it('adds the standard abbreviations a filing does not define, not over its own', () => {
    const m = withStandard(definedAbbreviations(['The Internet Protocol Overlay (IPO) routes calls.']))
    expect(m.get('ipo')).toEqual(['internet', 'protocol', 'overlai'])
    expect(withStandard(new Map()).get('ipo')).toEqual(['initi', 'public', 'offer'])
  })
})
