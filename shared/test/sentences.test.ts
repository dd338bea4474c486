import { describe, expect, it } from 'vitest'
import { segmentProse, textUnits } from '../src/contract/sentences'

describe('sentences', () => {
  it('does not cut at titles, initials, company suffixes, decimals or page tags', () => {
    const text =
      'Mr. Zuckerberg founded Facebook, Inc. in 2004. Sheryl K. Sandberg is our Chief Operating Officer. Revenue was $3.7 billion [p.5] in 2011. Goldman, Sachs & Co. LLC is a representative.'
    expect(textUnits(text, '4').map((u) => u.text)).toEqual([
      'Mr. Zuckerberg founded Facebook, Inc. in 2004.',
      'Sheryl K. Sandberg is our Chief Operating Officer.',
      'Revenue was $3.7 billion in 2011.',
      'Goldman, Sachs & Co. LLC is a representative.',
    ])
  })
  it('does not cut inside run-together initials, but ends a sentence after them when one starts', () => {
    const text =
      'Morgan Stanley & Co. Incorporated and J.P. Morgan Securities LLC are the representatives. Our office is in Washington, D.C. We lease it.'
    expect(segmentProse(text).map((s) => s.text.trim())).toEqual([
      'Morgan Stanley & Co. Incorporated and J.P. Morgan Securities LLC are the representatives.',
      'Our office is in Washington, D.C.',
      'We lease it.',
    ])
    // "a.m." and "p.m." end a sentence only as a suffix does.
    expect(
      segmentProse(
        'Trading begins at 9:30 a.m. Eastern time. We expect it at 4:00 p.m. The book closes.',
      ).map((s) => s.text.trim()),
    ).toEqual(['Trading begins at 9:30 a.m. Eastern time.', 'We expect it at 4:00 p.m.', 'The book closes.'])
    // A PDF line wrapped after the initials is joined too.
    expect(
      textUnits(
        'the lock-up ends with the consent of J.P.\nMorgan Securities LLC on behalf of the underwriters.',
        '1',
      ).map((u) => u.text),
    ).toEqual([
      'the lock-up ends with the consent of J.P. Morgan Securities LLC on behalf of the underwriters.',
    ])
  })
  it('still ends a sentence after "Inc." when a new sentence starts', () => {
    expect(segmentProse('We sell to Acme, Inc. The rest is ours.').map((s) => s.text.trim())).toEqual([
      'We sell to Acme, Inc.',
      'The rest is ours.',
    ])
  })
  it('gives each unit the page it starts on, and every page it runs onto', () => {
    const units = textUnits(
      'the tail of a sentence from the previous page. [p.5] The first sentence of page five is here. A sentence that runs [p.6] onto page six.',
      '4',
    )
    expect(units.map((u) => u.pages)).toEqual([['4'], ['5'], ['5', '6']])
    // Where page six starts in the unit's own text: "onto page six." is the part printed there.
    const runOn = units[2] as (typeof units)[number]
    expect(runOn.pageStarts).toHaveLength(2)
    expect(runOn.text.slice(runOn.pageStarts[1]).trim()).toBe('onto page six.')
  })
  it('joins lines a PDF wrapped mid-sentence and keeps table rows apart', () => {
    const text =
      'Our revenue grew because advertisers\nbought more ads in 2011.\nYear Ended December 31,\n2009 2010 2011\nRevenue $ 777 $1,974 $3,711\nNet income $ 229 $ 606 $1,000\n'
    const units = textUnits(text, 'F-4')
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['sentence', 'Our revenue grew because advertisers bought more ads in 2011.'],
      ['sentence', 'Year Ended December 31, 2009 2010 2011'],
      ['row', 'Revenue $ 777 $1,974 $3,711'],
      ['row', 'Net income $ 229 $ 606 $1,000'],
    ])
  })
  it('keeps each row of a table flattened onto one line with its label (dot leaders)', () => {
    const text =
      'Our costs rose in each year shown. Year Ended December 31, 2013 2012 (in thousands) Advertising services ........ $ 594,546 $ 269,421 Data licensing and other ...... 70,344 47,512 Net loss ........ (97)% (25 )% Revenue in 2013 increased by $348.0 million.'
    expect(textUnits(text, '53').map((u) => [u.kind, u.text])).toEqual([
      ['sentence', 'Our costs rose in each year shown.'],
      [
        'row',
        'Year Ended December 31, 2013 2012 (in thousands) Advertising services ........ $ 594,546 $ 269,421',
      ],
      ['row', 'Data licensing and other ...... 70,344 47,512'],
      ['row', 'Net loss ........ (97)% (25 )%'],
      ['sentence', 'Revenue in 2013 increased by $348.0 million.'],
    ])
  })
})
