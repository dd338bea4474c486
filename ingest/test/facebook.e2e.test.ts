/** The whole facebook-s1.pdf through readPages (end-to-end: every page of a real filing through pdf.js). */
import { beforeAll, describe, expect, it } from 'vitest'
import { type ReadResult, readPages } from '../src/read'
import { FACEBOOK_PDF } from './helpers'

describe('the whole facebook-s1.pdf (Chrome print, page breaks kept)', () => {
  let result: ReadResult
  beforeAll(async () => {
    result = await readPages(FACEBOOK_PDF)
  }, 120_000)

  it('recovers every printed page: i, 1-150, F-1-F-29, II-1-II-7', () => {
    const labels = result.pages.filter((p) => !p.fallback).map((p) => p.label)
    expect(labels).toEqual([
      'i',
      ...Array.from({ length: 150 }, (_, i) => String(i + 1)),
      ...Array.from({ length: 29 }, (_, i) => `F-${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `II-${i + 1}`),
    ])
    expect(result.report.markers).toEqual({ roman: 1, arabic: 150, F: 29, II: 7 })
    expect(result.report.fallback).toBe(false)
  })

  it('trims the cover and table of contents in front, Part II, signatures and exhibits at the back', () => {
    const matter = (label: string) => result.pages.find((p) => p.label === label)?.matter
    expect(matter('i')).toBe('front')
    expect(matter('1')).toBe('body')
    expect(matter('150')).toBe('body')
    expect(matter('F-29')).toBe('body')
    expect(matter('II-1')).toBe('back')
    const tail = result.pages.filter((p) => p.fallback)
    expect(tail.length).toBeGreaterThan(0)
    expect(tail.every((p) => p.matter === 'back')).toBe(true)
    expect(tail[0]?.text).toMatch(/^(Table of Contents\n)?EXHIBIT INDEX/)
    expect(result.report.trimmed).toEqual({ front: 1, back: 7 + tail.length })
  })
})
