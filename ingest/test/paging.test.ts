import { beforeAll, describe, expect, it } from 'vitest'
import { type Line, linesOfPage } from '../src/layout'
import { monotonicFilter, pdfCandidates } from '../src/markers'
import { assemblePages, fallbackPages, splitSegment } from '../src/paging'
import { extractPdf } from '../src/pdf'
import { pageText } from '../src/read'
import { bytes, FACEBOOK_PDF } from './helpers'

describe('pages from real facebook-s1 pages (PDF pages 8-12 = printed 1-5)', () => {
  let lines: Line[]
  beforeAll(async () => {
    lines = (await extractPdf(bytes(FACEBOOK_PDF), { pages: [8, 9, 10, 11, 12] })).flatMap(linesOfPage)
  })

  it('a marker ends its page: the text before it belongs to it', () => {
    const markers = monotonicFilter(pdfCandidates(lines, []))
    const { pages, interpolated } = assemblePages(lines, markers, { minMarkers: 2 })
    expect(pages.map((p) => p.label)).toEqual(['1', '2', '3', '4', '5'])
    expect(interpolated).toBe(0)
    const one = pageText(pages[0]?.lines ?? [])
    expect(one).toContain('PROSPECTUS SUMMARY')
    expect(one).toContain(
      'This summary highlights information contained in greater detail elsewhere in this prospectus.',
    )
    // The marker line itself is not content.
    expect(one.split('\n').at(-1)).not.toBe('1')
    expect(pages[0]?.physical).toEqual([8])
  })

  it('interpolates a page whose marker is missing, cutting at the physical page break', () => {
    const markers = monotonicFilter(pdfCandidates(lines, []))
    const full = assemblePages(lines, markers, { minMarkers: 2 }).pages
    const without3 = markers.filter((m) => m.label !== '3')
    const { pages, interpolated } = assemblePages(lines, without3, { minMarkers: 2 })
    expect(interpolated).toBe(1)
    expect(pages.map((p) => p.label)).toEqual(['1', '2', '3', '4', '5'])
    expect(pages[2]?.interpolated).toBe(true)
    // The unrecognised marker's line stays as text of the page it ends; the cut is exact otherwise.
    expect(pageText(pages[2]?.lines ?? [])).toBe(`${pageText(full[2]?.lines ?? [])}\n3`)
    expect(pageText(pages[3]?.lines ?? [])).toBe(pageText(full[3]?.lines ?? []))
  })

  it('splits by word count when there are no physical breaks to cut at', () => {
    const onePage = lines.filter((l) => l.page === 9)
    const parts = splitSegment(onePage, 3)
    expect(parts).toHaveLength(3)
    expect(parts.flat()).toEqual(onePage)
    const words = parts.map((p) => p.reduce((n, l) => n + l.text.split(' ').length, 0))
    const total = words.reduce((a, b) => a + b, 0)
    for (const w of words) expect(Math.abs(w - total / 3)).toBeLessThan(total / 6)
  })

  it('falls back to physical page numbers without markers', () => {
    const { pages, fallback } = assemblePages(lines, [], { minMarkers: 2 })
    expect(fallback).toBe(true)
    expect(pages.map((p) => [p.label, p.fallback])).toEqual(fallbackPages(lines).map((p) => [p.label, true]))
    expect(pages.map((p) => p.label)).toEqual(['8', '9', '10', '11', '12'])
  })
})
