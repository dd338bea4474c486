/** The matter stage on assembled pages (pure: no PDF, no file). */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { parsePageLabel } from '@asks1/shared/contract/page-label'
import { describe, expect, it } from 'vitest'
import type { Line } from '../src/layout'
import { countTrimmed, pagesFor, tocEnd, trimMatter } from '../src/matter'
import type { RawPage } from '../src/paging'

let sheet = 0
/** A printed page on its own sheet; `null` makes an unlabelled (fallback) page. */
function page(label: string | null, lines: string[] = ['Some body text of the filing.']): RawPage {
  sheet++
  const parsed = label ? parsePageLabel(label) : null
  return {
    label: label ?? String(sheet),
    seq: parsed?.seq ?? null,
    lines: lines.map((text): Line => ({ text, page: sheet })),
    physical: [sheet],
    interpolated: false,
    fallback: label === null,
  }
}

const labelsAndMatter = (pages: { label: string; matter: string }[]) =>
  pages.map((p) => `${p.label}:${p.matter}`)

describe('trimMatter', () => {
  it('marks the cover and roman pages front, Part II and the unnumbered tail back', () => {
    sheet = 0
    const pages = [
      page(null, ['PROSPECTUS', 'Acme, Inc.']),
      page('i'),
      page('1'),
      page('2'),
      page('3'),
      page('F-1'),
      page('II-1'),
      page(null, ['Exhibit 3.1 Charter']),
    ]
    const trimmed = trimMatter(pages)
    expect(labelsAndMatter(trimmed)).toEqual([
      '1:front',
      'i:front',
      '1:body',
      '2:body',
      '3:body',
      'F-1:body',
      'II-1:back',
      '8:back',
    ])
    expect(countTrimmed(trimmed)).toEqual({ front: 2, back: 2 })
  })

  it('opens back matter at a SIGNATURES heading late in the document', () => {
    sheet = 0
    const pages = ['1', '2', '3', '4', '5', '6'].map((l) => page(l))
    pages.push(page('7', ['SIGNATURES', 'Pursuant to the requirements of the Securities Act…']))
    expect(trimMatter(pages).map((p) => p.matter)).toEqual([...Array(6).fill('body'), 'back'])
  })

  it('splits a table of contents sharing printed page 1 off as an unlabelled front page', () => {
    sheet = 0
    const contents = [
      'Summary 1',
      'Risk factors 9',
      'Use of proceeds 30',
      'Dividend policy 31',
      'Business 60',
    ]
    const cover = page(null, ['TABLE OF CONTENTS', ...contents])
    const first = page(
      '1',
      Array.from({ length: 10 }, () => 'Our business grew quickly in the year.'),
    )
    // Paging gives the cover sheet's text to page 1, whose marker is on the next sheet.
    const merged: RawPage = { ...first, lines: [...cover.lines, ...first.lines], physical: [1, 2] }
    const trimmed = trimMatter([merged, page('2')])
    expect(labelsAndMatter(trimmed)).toEqual(['1:front', '1:body', '2:body'])
    expect(trimmed[0]?.fallback).toBe(true)
    expect(trimmed[1]?.lines.every((l) => l.page === 2)).toBe(true)
  })

  it('leaves a filing with no printed labels all body', () => {
    sheet = 0
    expect(trimMatter([page(null), page(null)]).map((p) => p.matter)).toEqual(['body', 'body'])
  })

  it('forces the front cut with skipPages', () => {
    sheet = 0
    const pages = ['1', '2', '3', '4'].map((l) => page(l))
    expect(trimMatter(pages, { skipPages: 2 }).map((p) => p.matter)).toEqual([
      'front',
      'front',
      'body',
      'body',
    ])
  })
})

describe('tocEnd', () => {
  it('finds the end of a run of ascending page references, prefixed pages last', () => {
    const lines = [
      'Summary 1',
      'Risk 9',
      'Business 60',
      'Financial statements F-1',
      'Annex A - 1',
      'Body text',
    ]
    expect(tocEnd(lines.map((text) => ({ text, page: 1 })))).toBe(5)
  })
  it('ignores figures in prose and tables', () => {
    const lines = ['Revenue 154', 'Costs 90', 'Net 64', 'Other 12', 'Tax 3']
    expect(tocEnd(lines.map((text) => ({ text, page: 1 })))).toBe(-1)
  })
})

describe('pagesFor', () => {
  const rec = (label: string, matter: PageRecord['matter'], fallback = false): PageRecord => ({
    label,
    pdfPages: [],
    text: 'x',
    matter,
    ...(fallback ? { fallback: true } : {}),
  })
  const pages = [
    rec('1', 'front', true),
    rec('i', 'front'),
    rec('1', 'body'),
    rec('II-1', 'back'),
    rec('9', 'back', true),
  ]
  it('chunks the body and the labelled back matter, not the front or an unnumbered tail', () => {
    expect(pagesFor('chunk', pages).map((p) => p.label)).toEqual(['1', 'II-1'])
  })
  it('serves the labelled pages, or every page of an unlabelled filing; stores every page', () => {
    expect(pagesFor('printed', pages).map((p) => p.label)).toEqual(['i', '1', 'II-1'])
    const unlabelled = [rec('1', 'body', true), rec('2', 'body', true)]
    expect(pagesFor('printed', unlabelled)).toEqual(unlabelled)
    expect(pagesFor('store', pages)).toEqual(pages)
  })
})
