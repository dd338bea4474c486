import { describe, expect, it } from 'vitest'
import { sectionWindows, windows } from '../src/windows'

describe('windows over the whole body', () => {
  it('steps size − overlap words, the last ending with the text', () => {
    expect(windows(25, 10, 4)).toEqual([
      [0, 10],
      [6, 16],
      [12, 22],
      [18, 25],
    ])
    expect(windows(8, 10, 4)).toEqual([[0, 8]])
  })
})

describe('windows cut at sections', () => {
  const opts = { size: 10, overlap: 4, pack: 0 }

  it('never crosses a section start; a running head repeating the path cuts nothing', () => {
    const sections = [
      { at: 0, text: 'A' },
      { at: 5, text: 'A › b' },
      { at: 8, text: 'A › b' },
      { at: 12, text: 'C' },
    ]
    expect(sectionWindows(15, sections, opts)).toEqual([
      [0, 5],
      [5, 12],
      [12, 15],
    ])
  })

  it('starts a section at word 0 when the body opens before any heading', () => {
    expect(sectionWindows(9, [{ at: 3, text: 'A' }], opts)).toEqual([
      [0, 3],
      [3, 9],
    ])
  })

  it('windows a long section as the body is, its last window ending with it, as long as the others', () => {
    // 11 words: 0–10 and 1–11, not 0–10 and a 5-word tail holding little but the overlap.
    expect(sectionWindows(11, [{ at: 0, text: 'A' }], opts)).toEqual([
      [0, 10],
      [1, 11],
    ])
    expect(sectionWindows(20, [{ at: 0, text: 'A' }], opts)).toEqual([
      [0, 10],
      [6, 16],
      [10, 20],
    ])
    for (const total of [11, 17, 23, 40, 101]) {
      const w = sectionWindows(total, [], opts)
      expect(w[0]?.[0]).toBe(0)
      expect(w.at(-1)?.[1]).toBe(total)
      for (const [s, e] of w) expect(e - s).toBe(10)
      for (let i = 1; i < w.length; i++)
        expect((w[i - 1] as [number, number])[1] - (w[i] as [number, number])[0]).toBeGreaterThanOrEqual(4)
    }
  })

  it('packs a run of sections shorter than `pack` with the next ones while they fit', () => {
    const sections = [
      { at: 0, text: 'A' },
      { at: 2, text: 'A › b' },
      { at: 4, text: 'A › c' },
      { at: 12, text: 'A › d' },
    ]
    expect(sectionWindows(20, sections, { ...opts, pack: 3 })).toEqual([
      [0, 4],
      [4, 12],
      [12, 20],
    ])
    // c (8 words) does not fit after A and b (4): it starts its own chunk; d does not fit after c.
    expect(sectionWindows(20, sections, { ...opts, pack: 10 })).toEqual([
      [0, 4],
      [4, 12],
      [12, 20],
    ])
    expect(sectionWindows(10, sections.slice(0, 3), { ...opts, pack: 10 })).toEqual([[0, 10]])
  })

  it('leaves no word out: each window starts at or before the previous one ends', () => {
    const sections = [3, 5, 6, 30, 31, 55, 70].map((at, i) => ({ at, text: i % 3 ? `T › s${i}` : `U${i}` }))
    for (const pack of [0, 4, 10]) {
      const w = sectionWindows(80, sections, { ...opts, pack })
      expect(w[0]?.[0]).toBe(0)
      expect(w.at(-1)?.[1]).toBe(80)
      for (let i = 1; i < w.length; i++)
        expect((w[i] as [number, number])[0]).toBeLessThanOrEqual((w[i - 1] as [number, number])[1])
      // No window crosses a section start.
      for (const [s, e] of w) expect(sections.some((x) => x.at > s && x.at < e && pack === 0)).toBe(false)
    }
  })

  it('never packs across a top-level heading (a form item, a financial statement)', () => {
    const sections = [
      { at: 0, text: 'Report of Independent Registered Public Accounting Firm › Basis for Opinion' },
      { at: 3, text: 'Consolidated Balance Sheets' },
      { at: 6, text: 'Consolidated Balance Sheets › Liabilities' },
    ]
    expect(sectionWindows(9, sections, { ...opts, pack: 10 })).toEqual([
      [0, 3],
      [3, 9],
    ])
  })
})
