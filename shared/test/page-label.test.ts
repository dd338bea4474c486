import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { PageLabelSchema, PageQuerySchema } from '../src/contract/api'
import {
  comparePageLabels,
  followsPageLabel,
  formatPageLabel,
  PAGE_LABEL_RE,
  pagesAfterUpTo,
  parsePageLabel,
  readPrintedLabel,
  romanValue,
  toRoman,
} from '../src/contract/page-label'

describe('canonical labels', () => {
  it('parses every sequence a filing prints', () => {
    expect(parsePageLabel('154')).toEqual({ label: '154', seq: 'arabic', value: 154 })
    expect(parsePageLabel('F-16')).toEqual({ label: 'F-16', seq: 'F', value: 16 })
    expect(parsePageLabel('II-3')).toEqual({ label: 'II-3', seq: 'II', value: 3 })
    expect(parsePageLabel('III-5')).toEqual({ label: 'III-5', seq: 'III', value: 5 })
    expect(parsePageLabel('A-13')).toEqual({ label: 'A-13', seq: 'A', value: 13 })
    expect(parsePageLabel('xiv')).toEqual({ label: 'xiv', seq: 'roman', value: 14 })
  })
  it('rejects what is not a canonical label', () => {
    for (const bad of ['', '0', '012', '12345', 'F16', 'f-16', 'F-0', 'A - 1', 'IV', 'iiii', 'vx', 'p.1'])
      expect(parsePageLabel(bad), bad).toBeNull()
  })
  it('formats what it parses', () => {
    for (const label of ['1', '999', 'F-1', 'II-12', 'III-5', 'A-10', 'i', 'iv', 'xl', 'xcix']) {
      const p = parsePageLabel(label)
      expect(p && formatPageLabel(p.seq, p.value)).toBe(label)
    }
  })
  it('spells roman numerals canonically both ways', () => {
    // Seven letters at most (lxxvii): front matter never runs to lxxxviii.
    for (let n = 1; n <= 87; n++) expect(romanValue(toRoman(n))).toBe(n)
    expect(romanValue('iiii')).toBeNull()
  })
  it('is the API schema of a page label', () => {
    expect((PageLabelSchema as { pattern?: string }).pattern).toBe(PAGE_LABEL_RE.source)
    for (const ok of ['154', 'F-16', 'III-5', 'A-10', 'ii'])
      expect(Value.Check(PageLabelSchema, ok)).toBe(true)
    for (const bad of ['A - 10', 'p.5', 'F16']) expect(Value.Check(PageLabelSchema, bad)).toBe(false)
    for (const ok of ['154', 'p.F-16', 'p. III-5', 'pp.4'])
      expect(Value.Check(PageQuerySchema, ok), ok).toBe(true)
    expect(Value.Check(PageQuerySchema, 'page one')).toBe(false)
  })
})

describe('printed labels', () => {
  it('reads labels as filings print them', () => {
    expect(readPrintedLabel(' F-16 ')?.label).toBe('F-16')
    expect(readPrintedLabel('- 12 -')?.label).toBe('12')
    expect(readPrintedLabel('Page 7')?.label).toBe('7')
    expect(readPrintedLabel('Page 6 of 15')?.label).toBe('6')
    expect(readPrintedLabel('PAGE 6 OF 15')).toBeNull()
    expect(readPrintedLabel('A - 10')?.label).toBe('A-10')
    expect(readPrintedLabel('B\u00a0–\u00a02')?.label).toBe('B-2')
    expect(readPrintedLabel('III-5')?.label).toBe('III-5')
    expect(readPrintedLabel('Page A-3')?.label).toBe('A-3')
    expect(readPrintedLabel('007')?.label).toBe('7')
  })
  it('does not read years, words or figures as labels', () => {
    for (const s of ['2012', '0', 'Risk', '3.5', '$12', 'vx', 'page', 'A -', '12 of 15', 'F - 1234'])
      expect(readPrintedLabel(s), s).toBeNull()
  })
})

describe('order', () => {
  it('runs front matter, body, financial pages, annexes, then Part II and III', () => {
    const labels = ['III-1', 'II-2', 'B-1', 'A-10', 'A-2', 'F-3', '154', '9', 'iv', 'ii', 'II-1']
    expect([...labels].sort(comparePageLabels)).toEqual([
      'ii',
      'iv',
      '9',
      '154',
      'F-3',
      'A-2',
      'A-10',
      'B-1',
      'II-1',
      'II-2',
      'III-1',
    ])
  })
  it('knows the next page of a sequence', () => {
    expect(followsPageLabel('12', '13')).toBe(true)
    expect(followsPageLabel('A-9', 'A-10')).toBe(true)
    expect(followsPageLabel('ix', 'x')).toBe(true)
    expect(followsPageLabel('F-9', 'A-10')).toBe(false)
    expect(followsPageLabel('12', '14')).toBe(false)
  })
  it('expands short ranges within one sequence only', () => {
    expect(pagesAfterUpTo('12', '14')).toEqual(['13', '14'])
    expect(pagesAfterUpTo('III-4', 'III-6')).toEqual(['III-5', 'III-6'])
    expect(pagesAfterUpTo('F-4', 'A-6')).toEqual(['A-6'])
    expect(pagesAfterUpTo('1', '40')).toEqual(['40'])
    expect(pagesAfterUpTo('14', '12')).toEqual(['12'])
  })
})
