import { describe, expect, it } from 'vitest'
import {
  citationFigures,
  citedPages,
  extractFigures,
  figureAppears,
  filterCitedSources,
  findCitations,
  pageTag,
  pageTagsIn,
  stripPageTags,
} from '../src/contract/citations'
import { PAGE_LABEL_RE } from '../src/contract/page-label'

describe('page tags', () => {
  it('tags, finds and strips printed-page tags', () => {
    const text = `${pageTag('153')} end of page 153. ${pageTag('154')} Start of page 154 ${pageTag('F-16')} notes`
    expect(pageTagsIn(text)).toEqual(['153', '154', 'F-16'])
    expect(stripPageTags(text)).toBe('end of page 153. Start of page 154 notes')
  })
  it('accepts arabic, prefixed and roman labels only', () => {
    for (const ok of ['1', '154', 'F-16', 'II-3', 'ii']) expect(PAGE_LABEL_RE.test(ok)).toBe(true)
    for (const bad of ['F16', '12345', 'p.1', 'Fx-1', '']) expect(PAGE_LABEL_RE.test(bad)).toBe(false)
  })
})

describe('findCitations', () => {
  it('finds p.N, p. N, p.F-N and bracketed forms with positions', () => {
    const answer = 'Revenue was $3,711 million (p.154), up 88% [p. 50]; see also p.F-16.'
    const found = findCitations(answer)
    expect(found.map((c) => c.page)).toEqual(['154', '50', 'F-16'])
    for (const c of found) expect(answer.slice(c.index, c.index + c.length)).toMatch(/^p\. ?[\dF]/)
  })
  it('expands lists and short ranges, and reads "page" forms', () => {
    expect(citedPages('See pp. 40, 42 and F-4.')).toEqual(['40', '42', 'F-4'])
    expect(citedPages('Discussed on pages 12–14 and page 9.')).toEqual(['12', '13', '14', '9'])
    expect(citedPages('pp. F-3-F-5')).toEqual(['F-3', 'F-4', 'F-5'])
  })
  it('is boundary-safe', () => {
    expect(citedPages('(p.154)')).toEqual(['154'])
    expect(citedPages('(p.154)')).not.toContain('15')
    expect(citedPages('ship.5 and step.7 are not citations')).toEqual([])
    expect(citedPages('p.15-3a')).toEqual([])
    expect(citedPages('pages in the filing')).toEqual([])
    expect(citedPages('p.12345')).toEqual([])
  })
  it('reads every printed sequence: Part II/III, annexes, roman front matter', () => {
    expect(findCitations('see p.III-5.').map((c) => c.page)).toEqual(['III-5'])
    expect(citedPages('p.II-3, p.A-10 and p.iv')).toEqual(['II-3', 'A-10', 'iv'])
    expect(citedPages('pp. A-1–A-3')).toEqual(['A-1', 'A-2', 'A-3'])
    // Not labels as printed pages are written: lower-case prefixes, upper-case or misspelt romans.
    expect(citedPages('p.f-16, p.IV and p.iiii')).toEqual([])
  })
  it('de-duplicates in order of first citation', () => {
    expect(citedPages('p.9, p.40, p.9 again, p.F-4')).toEqual(['9', '40', 'F-4'])
  })
})

describe('filterCitedSources', () => {
  const chunks = [
    { id: 'a', pages: ['15', '16'] },
    { id: 'b', pages: ['153', '154'] },
    { id: 'c', pages: ['F-16'] },
  ]
  it('keeps only chunks whose pages are cited, showing the cited pages', () => {
    const { cited, sources } = filterCitedSources('Voting power is 57% (p.154) and see p.F-16.', chunks)
    expect(cited).toBe(true)
    expect(sources.map((s) => [s.chunk.id, s.citedPages])).toEqual([
      ['b', ['154']],
      ['c', ['F-16']],
    ])
  })
  it('does not match p.15 inside p.154', () => {
    const { sources } = filterCitedSources('See p.154.', chunks)
    expect(sources.map((s) => s.chunk.id)).toEqual(['b'])
  })
  it('keeps every retrieved chunk when the answer cites nothing recognisable', () => {
    const { cited, sources } = filterCitedSources('The filing does not say.', chunks)
    expect(cited).toBe(false)
    expect(sources).toHaveLength(3)
    expect(sources.every((s) => s.citedPages.length === 0)).toBe(true)
  })
})

describe('figures', () => {
  it('extracts amounts, percentages and grouped numbers, not bare years', () => {
    expect(
      extractFigures('In 2011 revenue was $3,711 million, up 88%; 845 million users; $1.2 billion.'),
    ).toEqual(['$3,711 million', '88%', '845 million', '$1.2 billion'])
  })
  it('attaches figures to the citation that follows them', () => {
    expect(
      citationFigures('Revenue was $3,711 million (p.50). Growth was 88% (p.18).').map((c) => ({
        page: c.page,
        figures: c.figures.map((f) => f.text),
      })),
    ).toEqual([
      { page: '50', figures: ['$3,711 million'] },
      { page: '18', figures: ['88%'] },
    ])
  })
  it('takes every figure of a cited sentence: before the citation, and after it to the sentence end', () => {
    const spans = (answer: string) =>
      citationFigures(answer).map((c) => [c.page, c.figures.map((f) => f.text)])
    expect(spans('Revenue was $3,711 million [p.50], up 88% from 2010. Costs were $1 million.')).toEqual([
      ['50', ['$3,711 million', '88%']],
    ])
    // A parenthesis or ";" after the citation starts another clause.
    expect(spans('Risk factors p.2: now "A launch failure." (version 1: 2); 3 more.')).toEqual([['2', []]])
    // "vs." and "Inc." do not end the sentence; a sentence citing nothing belongs to no citation.
    expect(
      spans('Revenue was $5 million. Facebook, Inc. made $3,711 million vs. $1,974 million [p.50].'),
    ).toEqual([['50', ['$3,711 million', '$1,974 million']]])
    // Two citations in one sentence: the text between goes to the second, the tail to the last.
    expect(
      spans('Revenue rose to $3,711 million (p.50) and net income to $1,000 million (p.F-4), a 27% margin.'),
    ).toEqual([
      ['50', ['$3,711 million']],
      ['F-4', ['$1,000 million', '27%']],
    ])
    // Years in parentheses are labels, not negative figures.
    expect(spans('Revenue: $3,711 million (2011) and $1,974 million (2010) [p.50; p.F-4].')).toEqual([
      ['50', ['$3,711 million', '$1,974 million']],
      ['F-4', []],
    ])
  })
  it('matches figures on a page boundary-safely, table cells included', () => {
    const page = 'Total revenue $ 3,711 $ 1,974 and 1,193,200,798 shares; ratio 112.05; loss (27,474 )'
    expect(figureAppears('$3,711', page)).toBe(true)
    expect(figureAppears('3,711', page)).toBe(true)
    expect(figureAppears('3,200', page)).toBe(false)
    expect(figureAppears('12.0', page)).toBe(false)
    expect(figureAppears('27,474', page)).toBe(true)
    expect(figureAppears('88%', 'grew 88 % in 2011')).toBe(true)
    expect(figureAppears('88%', 'grew 188% in 2011')).toBe(false)
  })
})
