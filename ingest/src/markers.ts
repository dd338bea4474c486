/**
 * Printed page markers: what a label looks like, where a PDF prints it (centred lone line, corner,
 * end of a running footer), Chrome's own header/footer noise, and the monotonic filter that keeps
 * the filing's real page sequence out of every number that merely looks like one.
 */
import {
  PAGE_LABEL_PATTERN,
  type PageLabel,
  type PageSequence,
  PRINTED_LABEL_PATTERN,
  readPrintedLabel,
} from '@asks1/shared/contract/page-label'
import type { Line } from './layout'

/** A sequence of printed pages: arabic, roman front matter, or a prefix such as `F`, `II`, `A`. */
export type Sequence = PageSequence
export type Label = PageLabel

export interface Marker extends Label {
  /** Index of the marker's line in the line stream. */
  line: number
  /** How it was found. */
  via: 'centred' | 'corner' | 'footer' | 'html'
  /** The text of the line the label came from. */
  source?: string
}

/** Digits collapsed, so lines that differ only in numbers (dates, `3/282`) share a key. */
function shapeKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()
}

// A label at the end of a footer may be decorated (`… Page 6 of 15`); one at its start is a bare
// arabic or prefixed label: a roman numeral there (`i`, `v`) would more often be the footer's first word.
const TRAILING_LABEL = new RegExp(String.raw`^(.*?[A-Za-z].*?)\s+(${PRINTED_LABEL_PATTERN})$`)
const LEADING_LABEL = new RegExp(String.raw`^((?![a-z])${PAGE_LABEL_PATTERN})\s+(.*?[A-Za-z].*)$`)

export interface FooterPattern {
  /** The footer text with the number cut off and digits collapsed. */
  key: string
  side: 'end' | 'start'
  pages: number
}

/**
 * Learns running footers/headers that carry the page number (`Pandora Media, Inc.  Registration
 * Statement on Form S-1  34`): a line shape, minus its number, that recurs on many physical pages
 * with a different number each time. No wording is assumed; only repetition.
 */
export function learnFooterPatterns(lines: Line[], physicalPages: number): FooterPattern[] {
  const seen = new Map<string, { side: 'end' | 'start'; pages: Set<number>; labels: Set<string> }>()
  for (const line of lines) {
    for (const [re, side, labelGroup, restGroup] of [
      [TRAILING_LABEL, 'end', 2, 1],
      [LEADING_LABEL, 'start', 1, 2],
    ] as const) {
      const m = re.exec(line.text)
      if (!m) continue
      if (!readPrintedLabel(m[labelGroup] as string)) continue
      // A line that is a label as a whole (`A - 7`) is a marker, not a footer with a number in it.
      if (readPrintedLabel(line.text)) continue
      const key = `${side}:${shapeKey(m[restGroup] as string)}`
      let entry = seen.get(key)
      if (!entry) {
        entry = { side, pages: new Set(), labels: new Set() }
        seen.set(key, entry)
      }
      entry.pages.add(line.page)
      entry.labels.add(m[labelGroup] as string)
    }
  }
  const needed = Math.max(3, Math.ceil(0.25 * physicalPages))
  const patterns: FooterPattern[] = []
  for (const [key, e] of seen) {
    // Different numbers on most occurrences: a page counter, not a repeated caption.
    if (e.pages.size >= needed && e.labels.size >= 0.8 * e.pages.size)
      patterns.push({ key: key.slice(key.indexOf(':') + 1), side: e.side, pages: e.pages.size })
  }
  return patterns
}

function matchFooter(text: string, patterns: FooterPattern[]): Label | null {
  for (const p of patterns) {
    const m = (p.side === 'end' ? TRAILING_LABEL : LEADING_LABEL).exec(text)
    if (!m) continue
    const rest = (p.side === 'end' ? m[1] : m[2]) as string
    if (shapeKey(rest) !== p.key) continue
    return readPrintedLabel((p.side === 'end' ? m[2] : m[1]) as string)
  }
  return null
}

/**
 * Lines that are the PDF producer's, not the filing's: Chrome's print header (date and time, title)
 * and footer (URL, `3/282`), or any line of the same shape recurring at the same height in the top
 * or bottom margin band of most pages. Lone labels are never noise: a page number at a fixed height
 * is exactly what a marker looks like.
 */
export function noiseLines(lines: Line[], physicalPages: number): Set<number> {
  const bands = new Map<string, { pages: Set<number>; indexes: number[]; numbers: Set<string> }>()
  const noise = new Set<number>()
  lines.forEach((line, i) => {
    const g = line.geo
    if (!g) return
    const rel = g.y / g.pageHeight
    if (rel > 0.08 && rel < 0.92) return
    if (readPrintedLabel(line.text)) return
    if (isChromeChrome(line.text)) noise.add(i)
    const key = `${Math.round(g.y / 4)}|${shapeKey(line.text)}`
    let entry = bands.get(key)
    if (!entry) {
      entry = { pages: new Set(), indexes: [], numbers: new Set() }
      bands.set(key, entry)
    }
    entry.pages.add(line.page)
    entry.indexes.push(i)
    const counter = TRAILING_LABEL.exec(line.text)?.[2]
    if (counter && readPrintedLabel(counter)) entry.numbers.add(counter)
  })
  const needed = Math.max(3, Math.ceil(0.5 * physicalPages))
  for (const e of bands.values()) {
    // A running footer ending in a different page number on most sheets (`… Page 6 of 15`) is the
    // filing's page counter: learnFooterPatterns reads it, so it is not the producer's noise.
    if (e.numbers.size >= 0.8 * e.pages.size) continue
    if (e.pages.size >= needed) for (const i of e.indexes) noise.add(i)
  }
  return noise
}

/** Chrome's print header/footer lines: `11/29/26, 11:39 AM  Form S-1`, `http://…  20/128`. */
function isChromeChrome(text: string): boolean {
  return (
    /^\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?\b/.test(text) ||
    /^(https?|file):\/\/\S+( \d+\/\d+)?$/.test(text) ||
    /^\d+\/\d+$/.test(text)
  )
}

function isCentred(line: Line, bodyCentre: number | undefined): boolean {
  const g = line.geo
  if (!g) return line.centred === true
  const centre = (g.x0 + g.x1) / 2
  if (Math.abs(centre - g.pageWidth / 2) <= 0.05 * g.pageWidth) return true
  // Producers with a binding margin centre the number on the text block, not the sheet.
  return bodyCentre !== undefined && Math.abs(centre - bodyCentre) <= 0.03 * g.pageWidth
}

/**
 * Candidate markers of a PDF line stream (noise already removed): a label alone on a centred line
 * anywhere on the page, a label alone on the first or last line of a page in a corner, or a label
 * at the end (or start) of a learned running footer.
 */
export function pdfCandidates(lines: Line[], patterns: FooterPattern[]): Marker[] {
  const byPage = new Map<number, number[]>()
  lines.forEach((l, i) => {
    const list = byPage.get(l.page)
    if (list) list.push(i)
    else byPage.set(l.page, [i])
  })
  const out: Marker[] = []
  for (const indexes of byPage.values()) {
    // Text block extent from lines that are wide enough to be body text.
    const wide = indexes.map((i) => lines[i]?.geo).filter((g) => g && g.x1 - g.x0 > 0.4 * g.pageWidth)
    const bodyCentre = wide.length
      ? (Math.min(...wide.map((g) => g?.x0 ?? 0)) + Math.max(...wide.map((g) => g?.x1 ?? 0))) / 2
      : undefined
    const first = indexes[0]
    const last = indexes[indexes.length - 1]
    for (const i of indexes) {
      const line = lines[i] as Line
      const footer = patterns.length ? matchFooter(line.text, patterns) : null
      if (footer) {
        out.push({ ...footer, line: i, via: 'footer', source: line.text })
        continue
      }
      const label = readPrintedLabel(line.text)
      if (!label) continue
      if (isCentred(line, bodyCentre)) out.push({ ...label, line: i, via: 'centred', source: line.text })
      else if ((i === first || i === last) && label.seq !== 'roman')
        out.push({ ...label, line: i, via: 'corner', source: line.text })
    }
  }
  return out
}

/**
 * Keeps, per sequence, the longest strictly increasing run of candidates in reading order; ties go
 * to the run with more +1 steps (real page numbers count up by one, stray numbers jump). Arabic, roman
 * and each prefix (F, II, A…) are filtered separately.
 */
export function monotonicFilter(candidates: Marker[]): Marker[] {
  const bySeq = new Map<Sequence, Marker[]>()
  for (const c of candidates) {
    const list = bySeq.get(c.seq)
    if (list) list.push(c)
    else bySeq.set(c.seq, [c])
  }
  const kept: Marker[] = []
  for (const list of bySeq.values()) {
    list.sort((a, b) => a.line - b.line)
    const n = list.length
    // Score of the best chain ending at i: [markers, +1 steps, markers not found in a corner].
    // Corner numbers lose ties: a lone number atop a sheet is more often a table's than a page's.
    const score: [number, number, number][] = list.map((c) => [1, 0, c.via === 'corner' ? 0 : 1])
    const prev = new Array<number>(n).fill(-1)
    const better = (a: [number, number, number], b: [number, number, number]) =>
      a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2]
    for (let i = 0; i < n; i++) {
      const ci = list[i] as Marker
      for (let j = 0; j < i; j++) {
        const vj = (list[j] as Marker).value
        if (vj >= ci.value) continue
        const sj = score[j] as [number, number, number]
        const cand: [number, number, number] = [
          sj[0] + 1,
          sj[1] + (ci.value - vj === 1 ? 1 : 0),
          sj[2] + (ci.via === 'corner' ? 0 : 1),
        ]
        if (better(cand, score[i] as [number, number, number])) {
          score[i] = cand
          prev[i] = j
        }
      }
    }
    let best = -1
    for (let i = 0; i < n; i++)
      if (best < 0 || better(score[i] as [number, number, number], score[best] as [number, number, number]))
        best = i
    // A "sequence" of one stray number is not a page sequence unless it is the only marker there is.
    const chain: Marker[] = []
    for (let i = best; i >= 0; i = prev[i] as number) chain.push(list[i] as Marker)
    kept.push(...chain.reverse())
  }
  return kept.sort((a, b) => a.line - b.line)
}

/**
 * Drops markers that sit between two consecutive pages of a longer sequence (`41` then `42`): there is
 * no room for another printed page there, so a lone `v` or `II-3` in between is a stray.
 */
export function dropInterleaved(markers: Marker[]): Marker[] {
  const counts = new Map<Sequence, number>()
  for (const m of markers) counts.set(m.seq, (counts.get(m.seq) ?? 0) + 1)
  const bySeq = new Map<Sequence, Marker[]>()
  for (const m of markers) {
    const list = bySeq.get(m.seq)
    if (list) list.push(m)
    else bySeq.set(m.seq, [m])
  }
  return markers.filter((m) => {
    const own = counts.get(m.seq) ?? 0
    for (const [seq, list] of bySeq) {
      if (seq === m.seq || list.length <= own) continue
      // Binary search would do; sequences are short enough for a scan.
      for (let k = 0; k + 1 < list.length; k++) {
        const a = list[k] as Marker
        const b = list[k + 1] as Marker
        if (a.line < m.line && m.line < b.line && b.value - a.value === 1) return false
      }
    }
    return true
  })
}
