/**
 * Printed labels beyond the S-1's arabic/F-n/II-n, read through the whole pipeline (pdf.js on a
 * generated PDF → markers → paging → matter): an earnings release whose exhibit pages are printed
 * "A - 1" … "A - 13" after release pages numbered "Page n of 5", and a report whose running footer
 * ends in "Page n of 12".
 */
import { describe, expect, it } from 'vitest'
import { readPagesFromData } from '../src/read'
import { type FixturePage, writePdf } from './fixtures/pdf-writer'

/** Twenty lines of body text that name their sheet, so where each sheet's text lands can be checked. */
const body = (sheet: number) =>
  Array.from({ length: 20 }, (_, i) => ({
    text: `Sheet ${sheet} line ${i}: net revenue and operating income for the quarter ended.`,
  }))

const sheetOf = (text: string) => new Set([...text.matchAll(/Sheet (\d+) line/g)].map((m) => Number(m[1])))

describe('an earnings release with exhibit pages A-1 … A-13', () => {
  const release: FixturePage[] = [1, 2, 3, 4, 5].map((n) => ({
    lines: [...body(n), { text: `Page ${n} of 5`, centre: true, y: 40 }],
  }))
  const exhibit: FixturePage[] = Array.from({ length: 13 }, (_, k) => ({
    lines: [...body(6 + k), { text: `A - ${k + 1}`, centre: true, y: 40 }],
  }))
  const pdf = new Uint8Array(writePdf([...release, ...exhibit]))

  it('reads every printed label, spaces around the dash dropped', async () => {
    const { pages, report } = await readPagesFromData(pdf, 'release.pdf')
    expect(pages.map((p) => p.label)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      ...Array.from({ length: 13 }, (_, k) => `A-${k + 1}`),
    ])
    expect(report.markers).toEqual({ arabic: 5, A: 13 })
    expect(report.fallback).toBe(false)
    // Every sheet's text is on its own printed page, and the exhibit is body text (it is cited).
    pages.forEach((p, i) => {
      expect(sheetOf(p.text)).toEqual(new Set([i + 1]))
      expect(p.pdfPages).toEqual([i + 1])
      expect(p.matter).toBe('body')
    })
  })
})

describe('a running footer ending in "Page n of N"', () => {
  it('reads n as the label and keeps the footer out of the page text', async () => {
    const sheets: FixturePage[] = Array.from({ length: 12 }, (_, k) => ({
      lines: [...body(k + 1), { text: `Acme Corp. Quarterly Report Page ${k + 1} of 12`, y: 40 }],
    }))
    const { pages, report } = await readPagesFromData(new Uint8Array(writePdf(sheets)), 'report.pdf')
    expect(report.markersVia).toEqual({ footer: 12 })
    expect(pages.map((p) => p.label)).toEqual(Array.from({ length: 12 }, (_, k) => String(k + 1)))
    for (const p of pages) expect(p.text).not.toMatch(/Quarterly Report/)
  })
})
