import { readPrintedLabel } from '@asks1/shared/contract/page-label'
import { describe, expect, it } from 'vitest'
import { linesOfPage } from '../src/layout'
import {
  dropInterleaved,
  learnFooterPatterns,
  type Marker,
  monotonicFilter,
  noiseLines,
  pdfCandidates,
} from '../src/markers'
import { extractPdf } from '../src/pdf'
import { pagePdf } from '../src/read'
import { writePdf } from './fixtures/pdf-writer'
import { bytes, FACEBOOK_PDF, FIXTURES } from './helpers'

describe('markers on real pages', () => {
  it('finds the centred marker at the foot of facebook-s1 pages 1-4 (PDF pages 8-11)', async () => {
    const pages = await extractPdf(bytes(FACEBOOK_PDF), { pages: [8, 9, 10, 11] })
    const lines = pages.flatMap(linesOfPage)
    const markers = pdfCandidates(lines, [])
    expect(markers.map((m) => [m.label, m.via, lines[m.line]?.page])).toEqual([
      ['1', 'centred', 8],
      ['2', 'centred', 9],
      ['3', 'centred', 10],
      ['4', 'centred', 11],
    ])
    // Each is the last line of its page: text before it belongs to it.
    for (const m of markers) expect(lines[m.line + 1]?.page ?? 99).not.toBe(lines[m.line]?.page)
  })

  it('learns a running footer from repetition and reads its number', async () => {
    const pages = await extractPdf(bytes(`${FIXTURES}/pandora-footer-excerpt.pdf`))
    const lines = pages.flatMap(linesOfPage)
    const patterns = learnFooterPatterns(lines, pages.length)
    expect(patterns).toHaveLength(1)
    expect(patterns[0]?.key).toBe('pandora media, inc. registration statement on form s-#')
    const markers = pdfCandidates(lines, patterns)
    expect(markers.map((m) => `${m.label}:${m.via}`)).toEqual([
      '22:footer',
      '23:footer',
      '24:footer',
      '25:footer',
      '26:footer',
    ])
    // Without the learned pattern, no line is a lone centred number.
    expect(pdfCandidates(lines, [])).toEqual([])
  })

  it("drops Chrome's header and footer, and finds the mid-page labels of a reflowed print", async () => {
    const pages = await extractPdf(bytes(`${FIXTURES}/pandora-flow-excerpt.pdf`))
    const lines = pages.flatMap(linesOfPage)
    const noise = noiseLines(lines, pages.length)
    const dropped = [...noise].map((i) => lines[i]?.text ?? '')
    expect(dropped).toHaveLength(2 * pages.length)
    expect(dropped.filter((t) => /^\d+\/\d+\/\d+, \d+:\d+ [AP]M Form S-1$/.test(t))).toHaveLength(
      pages.length,
    )
    expect(dropped.filter((t) => /^file:\/\/\S+ \d\/5$/.test(t))).toHaveLength(pages.length)
    const kept = lines.filter((_, i) => !noise.has(i))
    const markers = pdfCandidates(kept, [])
    expect(markers.map((m) => m.label)).toEqual(['22', '23', '24', '25', '26'])
    // Labels sit mid-page: body text follows each of the first four on the same PDF page.
    const midPage = markers.filter((m) => kept[m.line + 1]?.page === kept[m.line]?.page)
    expect(midPage.length).toBeGreaterThanOrEqual(4)
  })

  it('finds numbers printed in a page corner', async () => {
    const body = (n: number) =>
      Array.from({ length: 20 }, (_, i) => ({ text: `Body line ${i} of sheet ${n} with words.` }))
    const pdf = writePdf(
      [1, 2, 3, 4].map((n) => ({ lines: [...body(n), { text: String(n + 40), right: true, y: 40 }] })),
    )
    const { raw, report } = pagePdf(await extractPdf(pdf))
    expect(report.markersVia).toEqual({ corner: 4 })
    expect(report.markerPosition).toBe('end')
    expect(raw.map((p) => p.label)).toEqual(['41', '42', '43', '44'])
  })
})

describe('numbers printed at the top of their page', () => {
  it('switches to "a marker starts its page" and keeps each sheet\'s text with its own number', async () => {
    const body = (n: number) =>
      Array.from({ length: 20 }, (_, i) => ({ text: `Sheet ${n} says line ${i} here.` }))
    const pdf = writePdf(
      [1, 2, 3, 4].map((n) => ({
        lines: [
          { text: String(n + 9), centre: true, y: 750 },
          ...body(n).map((l, i) => ({ ...l, y: 700 - 14 * i })),
        ],
      })),
    )
    const { raw, report } = pagePdf(await extractPdf(pdf))
    expect(report.markerPosition).toBe('start')
    expect(raw.map((p) => p.label)).toEqual(['10', '11', '12', '13'])
    for (const [k, p] of raw.entries()) {
      expect(p.lines.every((l) => l.text.startsWith(`Sheet ${k + 1} `))).toBe(true)
      expect(p.lines).toHaveLength(20)
    }
  })
})

describe('monotonic filtering', () => {
  const m = (label: string, line: number): Marker => {
    const l = readPrintedLabel(label)
    if (!l) throw new Error(label)
    return { ...l, line, via: 'centred' }
  }
  it('keeps the increasing sequence and drops stray numbers', () => {
    const kept = monotonicFilter([
      m('1', 10),
      m('2', 20),
      m('7', 25),
      m('3', 30),
      m('2', 35),
      m('4', 40),
      m('150', 45),
      m('5', 50),
    ])
    expect(kept.map((k) => k.label)).toEqual(['1', '2', '3', '4', '5'])
  })
  it('filters arabic and F pages as separate sequences', () => {
    const kept = monotonicFilter([
      m('149', 1),
      m('150', 2),
      m('F-1', 3),
      m('F-2', 4),
      m('12', 5),
      m('F-3', 6),
    ])
    expect(kept.map((k) => k.label)).toEqual(['149', '150', 'F-1', 'F-2', 'F-3'])
  })
  it('prefers +1 steps when two runs are equally long', () => {
    const kept = monotonicFilter([m('10', 1), m('11', 2), m('30', 3), m('12', 4)])
    expect(kept.map((k) => k.label)).toEqual(['10', '11', '12'])
  })
  it('drops a short sequence wedged between consecutive pages of a longer one', () => {
    const kept = dropInterleaved([m('i', 1), m('1', 2), m('2', 3), m('v', 4), m('3', 5)])
    expect(kept.map((k) => k.label)).toEqual(['i', '1', '2', '3'])
  })
})
