import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { aboutOthers, titledSurnames } from '../src/answer/courtesy-names'
import { extractiveAnswer } from '../src/answer/extractive'
import { chunksOf } from './helper'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], matter: 'body', text })

const hitsOf = (pages: PageRecord[]): SearchHit[] =>
  chunksOf('pandora-s1', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))

describe('people named by courtesy title (courtesy-names.ts)', () => {
  it('reads the surnames after Mr., Ms., Dr., without a possessive', () => {
    expect(
      titledSurnames('We believe Dr. Ragan’s expertise and Mr. Mandel-Brehm and Ms. Gold agree.'),
    ).toEqual(['Ragan', 'Mandel-Brehm', 'Gold'])
    expect(titledSurnames('Our chief executive officer signed it.')).toEqual([])
  })

  it('tells a quote about someone else from one about a person already named', () => {
    const first = 'Our named executive officers are: • Joseph Kennedy, chief executive officer.'
    expect(aboutOthers(first, 'Mr. Chernin was chief executive officer of Fox Entertainment Group.')).toBe(
      true,
    )
    expect(aboutOthers(first, 'Mr. Kennedy has served as our chief executive officer since 2004.')).toBe(
      false,
    )
    expect(aboutOthers(first, 'Name Age Position Joseph Kennedy 51 Chief Executive Officer')).toBe(false)
  })

  // Pandora's S-1 as printed: the officers' list (p.87), and a director's biography (p.82) that
  // matches "chief executive" about another company's office.
  const pages = [
    page(
      '87',
      'Our named executive officers are: • Joseph Kennedy, chief executive officer, president and chairman of the board; • Steven Cakebread, chief financial officer.',
    ),
    page(
      '82',
      'From 1996 to 2009, Mr. Chernin held various positions at News Corporation, most recently as president and chief operating officer, and as chairman and chief executive officer of Fox Entertainment Group.',
    ),
    page('80', 'Mr. Kennedy has served as our chief executive officer and president since 2004.'),
  ]

  it('a who answer does not go on to another person named by title', () => {
    const { text } = extractiveAnswer("Who is Pandora's chief executive?", hitsOf(pages), {
      company: 'Pandora Media, Inc.',
    })
    expect(text).toContain('Joseph Kennedy, chief executive officer')
    expect(text).toContain('[p.80]')
    expect(text).not.toContain('Mr. Chernin')
  })
})
