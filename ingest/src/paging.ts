/**
 * From a line stream and its printed page markers to printed pages. A marker ENDS its page: every line
 * after the previous marker, up to this one, belongs to it. Pages whose marker is missing are
 * interpolated from their neighbours; text after the last marker becomes unlabelled pages.
 */

import { formatPageLabel } from '@asks1/shared/contract/page-label'
import type { Line } from './layout'
import type { Marker, Sequence } from './markers'

export interface RawPage {
  label: string
  seq: Sequence | null
  lines: Line[]
  /** Physical pages (PDF or HTML) the page's text and marker sit on, ascending. */
  physical: number[]
  interpolated: boolean
  /** The label is a physical page number: no printed label covers this text. */
  fallback: boolean
}

export interface PagingResult {
  pages: RawPage[]
  interpolated: number
  fallback: boolean
}

const wordCount = (line: Line): number => line.text.split(/\s+/).filter(Boolean).length

function physicalOf(lines: Line[], extra?: number): number[] {
  const set = new Set(lines.map((l) => l.page))
  if (extra !== undefined) set.add(extra)
  return [...set].sort((a, b) => a - b)
}

/**
 * Splits a segment's lines into `parts` consecutive pieces. Physical page starts are the preferred cut
 * points (a printed page usually starts a new sheet); failing enough of them, cuts fall on line
 * boundaries at equal word counts.
 */
export function splitSegment(lines: Line[], parts: number): Line[][] {
  if (parts <= 1) return [lines]
  const cum: number[] = [0]
  for (const l of lines) cum.push((cum[cum.length - 1] as number) + wordCount(l))
  const total = cum[cum.length - 1] as number
  const breaks: number[] = []
  for (let i = 1; i < lines.length; i++)
    if ((lines[i] as Line).page !== (lines[i - 1] as Line).page) breaks.push(i)
  const cuts: number[] = []
  const pool = breaks.length >= parts - 1 ? breaks : lines.map((_, i) => i).slice(1)
  let from = 0
  for (let t = 1; t < parts; t++) {
    const target = (total * t) / parts
    const remaining = parts - 1 - t
    let best = -1
    for (let k = from; k < pool.length - remaining; k++) {
      const idx = pool[k] as number
      if (
        best < 0 ||
        Math.abs((cum[idx] as number) - target) < Math.abs((cum[pool[best] as number] as number) - target)
      )
        best = k
    }
    if (best < 0) break
    cuts.push(pool[best] as number)
    from = best + 1
  }
  const out: Line[][] = []
  let start = 0
  for (const c of cuts) {
    out.push(lines.slice(start, c))
    start = c
  }
  out.push(lines.slice(start))
  while (out.length < parts) out.push([])
  return out
}

/**
 * Builds printed pages. `lines` must not contain the marker lines' neighbours' noise; the marker lines
 * themselves are dropped from page text (a page number is not content).
 */
export function assemblePages(
  lines: Line[],
  markers: Marker[],
  opts: { minMarkers: number; markersStartPages?: boolean },
): PagingResult {
  if (markers.length < opts.minMarkers)
    return { pages: fallbackPages(lines), interpolated: 0, fallback: true }
  if (opts.markersStartPages) return assembleFromStarts(lines, markers)
  const pages: RawPage[] = []
  let interpolated = 0
  let start = 0
  let previous: Marker | null = null
  for (const m of markers) {
    const segment = lines.slice(start, m.line)
    const gap = previous && previous.seq === m.seq ? m.value - previous.value - 1 : 0
    if (gap > 0 && previous) {
      const parts = splitSegment(segment, gap + 1)
      parts.forEach((part, k) => {
        const last = k === parts.length - 1
        pages.push({
          label: formatPageLabel(m.seq, (previous as Marker).value + k + 1),
          seq: m.seq,
          lines: part,
          physical: physicalOf(part, last ? (lines[m.line] as Line).page : undefined),
          interpolated: !last,
          fallback: false,
        })
      })
      interpolated += gap
    } else {
      pages.push({
        label: m.label,
        seq: m.seq,
        lines: segment,
        physical: physicalOf(segment, (lines[m.line] as Line).page),
        interpolated: false,
        fallback: false,
      })
    }
    start = m.line + 1
    previous = m
  }
  // Text after the last marker (back cover, signatures of an unnumbered tail) keeps physical numbers.
  pages.push(...fallbackPages(lines.slice(start)))
  return { pages, interpolated, fallback: false }
}

/**
 * The same for filings that print the number at the TOP of its page (a running header): a marker then
 * STARTS its page, and the text after it, up to the next marker, belongs to it.
 */
function assembleFromStarts(lines: Line[], markers: Marker[]): PagingResult {
  const first = markers[0] as Marker
  const pages: RawPage[] = fallbackPages(lines.slice(0, first.line))
  let interpolated = 0
  markers.forEach((m, k) => {
    const next = markers[k + 1]
    const segment = lines.slice(m.line + 1, next ? next.line : lines.length)
    const gap = next && next.seq === m.seq ? next.value - m.value - 1 : 0
    const parts = gap > 0 ? splitSegment(segment, gap + 1) : [segment]
    parts.forEach((part, i) => {
      pages.push({
        label: formatPageLabel(m.seq, m.value + i),
        seq: m.seq,
        lines: part,
        physical: physicalOf(part, i === 0 ? (lines[m.line] as Line).page : undefined),
        interpolated: i > 0,
        fallback: false,
      })
    })
    interpolated += Math.max(0, gap)
  })
  return { pages, interpolated, fallback: false }
}

/** One page per physical page, labelled with its number. */
export function fallbackPages(lines: Line[]): RawPage[] {
  const out: RawPage[] = []
  for (const line of lines) {
    const last = out[out.length - 1]
    if (last && last.physical[0] === line.page) last.lines.push(line)
    else
      out.push({
        label: String(line.page),
        seq: null,
        lines: [line],
        physical: [line.page],
        interpolated: false,
        fallback: true,
      })
  }
  return out
}
