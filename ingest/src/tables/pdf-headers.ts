/**
 * PDF table headers and captions: the header lines above a table's first row, given to the columns
 * they sit over (a spanning header to several), and the title and units printed above them. Periods
 * are resolved from the joined header parts by `resolvePeriod` (common.ts).
 */

import { hasYear } from '@asks1/shared/contract/calendar'
import { parseUnits, type Units } from '@asks1/shared/contract/figures'
import type { Line, Segment } from '../layout'
import { type ColumnSpan, columnPitch } from './pdf-columns'
import { isProse } from './pdf-rows'

/** Header lines searched above the first row (a fair-value header stacks nine). */
const MAX_HEADER_LINES = 10
/** Text a header does not print: an amount ("329,575", "$ 835", "1.5"). */
const FIGURE_TEXT = /\d,\d{3}\b|\$\s?\(?\d|\d\.\d/

/**
 * Two headers printed without a gap are two segments: "As of June 30,As of December 31," and
 * "June 30, 2024 December 31, 2023" (a date ends at its year; the next starts with a capital and
 * has a year of its own). Positions are estimated from the share of the characters.
 */
function splitGlued(s: Segment): Segment[] {
  const parts = s.text.split(/(?<=,)(?=[A-Z])|(?<=\b(?:19|20)\d{2})\s+(?=[A-Z].*?\b(?:19|20)\d{2}\b)/)
  if (parts.length === 1) return [s]
  const w = (s.x1 - s.x0) / s.text.length
  let x = s.x0
  return parts.map((text) => {
    const seg = { text: text.trim(), x0: x, x1: x + w * text.length }
    x = seg.x1 + w
    return seg
  })
}

const centreOf = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2
const rangeCentre = (cols: readonly ColumnSpan[], a: number, b: number) =>
  ((cols[a] as ColumnSpan).left + (cols[b] as ColumnSpan).right) / 2

/**
 * For each column, the segment of a header line over it (-1: none). A segment claims the columns
 * it covers (a third of their width or more), else the nearest one; then, as a header is centred
 * over the columns it spans, columns no header covers go to a neighbouring header whose range stays
 * centred on it ("As of January 31," over four years, "As of October 31," over the fifth).
 */
function owners(segs: readonly Segment[], cols: readonly ColumnSpan[], pitch: number): number[] {
  // A lone header reaches half a column pitch past its ends ("Nine Months" over two columns).
  const lone = segs.length === 1 ? (segs[0] as Segment) : null
  if (lone) {
    const reach = (lone.x1 - lone.x0) / 2 + pitch / 2
    return cols.map((c) =>
      Math.abs(centreOf({ x0: c.left, x1: c.right }) - centreOf(lone)) <= reach ? 0 : -1,
    )
  }
  const owner = cols.map(() => -1)
  segs.forEach((s, si) => {
    let claimed = false
    cols.forEach((c, ci) => {
      const overlap = Math.min(s.x1, c.right) - Math.max(s.x0, c.left)
      if (owner[ci] === -1 && overlap > 0.3 * Math.max(1, c.right - c.left)) {
        owner[ci] = si
        claimed = true
      }
    })
    if (claimed) return
    const free = cols.flatMap((c, ci) =>
      owner[ci] === -1 && Math.abs(centreOf({ x0: c.left, x1: c.right }) - centreOf(s)) < pitch ? [ci] : [],
    )
    const best = free.sort(
      (a, b) =>
        Math.abs(rangeCentre(cols, a, a) - centreOf(s)) - Math.abs(rangeCentre(cols, b, b) - centreOf(s)),
    )[0]
    if (best !== undefined) owner[best] = si
  })
  const tolerance = 0.3 * pitch
  for (let grew = true; grew; ) {
    grew = false
    segs.forEach((s, si) => {
      const mine = owner.flatMap((o, ci) => (o === si ? [ci] : []))
      if (mine.length === 0) return
      const a = mine[0] as number
      const b = mine.at(-1) as number
      for (const [lo, hi] of [
        [a - 1, b + 1],
        [a - 1, b],
        [a, b + 1],
      ] as const) {
        if (lo < 0 || hi >= cols.length) continue
        if ((lo < a && owner[lo] !== -1) || (hi > b && owner[hi] !== -1)) continue
        if (Math.abs(rangeCentre(cols, lo, hi) - centreOf(s)) > tolerance) continue
        if (lo < a) owner[lo] = si
        if (hi > b) owner[hi] = si
        grew = true
        return
      }
    })
  }
  return owner
}

/**
 * Header parts above the first row, given to the columns they sit over. Text left of the columns
 * is the stub's header ("Named Executive Officer", "Description") or a section heading, not a
 * column's; a line running from the label area into the columns is prose and ends the header.
 */
export function headerOf(
  lines: readonly Line[],
  first: number,
  cols: readonly ColumnSpan[],
  floor: number,
): { labels: string[]; lines: number; bottom: number } {
  const parts: string[][] = cols.map(() => [])
  const pitch = columnPitch(cols)
  const firstCol = cols[0] as ColumnSpan
  const lastCol = cols.at(-1) as ColumnSpan
  const colsLeft = firstCol.left - pitch / 2
  let used = 0
  let bottom = first
  let headerLines = 0
  let yearBelow = false
  for (let i = first - 1; i >= floor && first - i <= MAX_HEADER_LINES; i--) {
    const line = lines[i] as Line
    // A units caption may share the header line ("(in thousands)   Actual   Pro forma").
    const segs = (line.segments ?? [])
      .filter((s) => !parseUnits(s.text) || s.x1 > colsLeft)
      .flatMap(splitGlued)
    if (segs.length === 0) continue
    // A header sits over the figures; text ending before the first column is the stub's.
    const over = segs.filter((s) => s.x1 >= firstCol.left)
    if (over.length === 0) {
      // A section heading or label line between the header and the first row ("Lease costs:").
      if (used === 0 && first - i <= 4 && !isProse(line, line.geo?.pageWidth ?? 612)) continue
      break
    }
    // Prose running from the label area into the columns, or figures (a row the reader could not
    // split), end the header.
    if (over.some((s) => s.x0 < colsLeft - pitch || FIGURE_TEXT.test(s.text))) break
    used = first - i
    if (headerLines === 0) bottom = i + 1
    // One segment centred over all the columns ("Year Ended December 31,") spans them all; so does
    // a lone date over columns whose own headers name no year ("As of June 30, 2024" over
    // "Actual / Pro forma / Pro forma as adjusted"): the block's one date is every column's.
    const only = over.length === 1 ? (over[0] as Segment) : null
    const mid = (firstCol.left + lastCol.right) / 2
    const range = lastCol.right - firstCol.left
    const centred =
      only !== null && Math.abs((only.x0 + only.x1) / 2 - mid) < Math.max(pitch / 2, 0.12 * range)
    const lonelyDate = only !== null && headerLines > 0 && !yearBelow && hasYear(only.text)
    const owner = centred || lonelyDate ? cols.map(() => 0) : owners(over, cols, pitch)
    owner.forEach((si, ci) => {
      if (si >= 0) (parts[ci] as string[]).unshift((over[si] as Segment).text)
    })
    yearBelow ||= over.some((s) => hasYear(s.text))
    headerLines++
  }
  return { labels: parts.map((p) => p.join(' ').replace(/\s+/g, ' ').trim()), lines: used, bottom }
}

/** A units phrase may wrap ("… (in thousands, except share and" / "per share amounts):"): read it whole. */
function unitsFrom(lines: readonly Line[], i: number, top: number): Units | null {
  const text = (lines[i] as Line).text
  const u = parseUnits(text)
  if (!u) return null
  const open = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length
  if (!open || i + 1 >= top) return u
  return parseUnits(`${text} ${(lines[i + 1] as Line).text}`) ?? u
}

/** Title and units: the nearest short lines above the table's header. */
export function captionOf(
  lines: readonly Line[],
  top: number,
  floor: number,
): { title: string | null; units: Units | null } {
  let title: string | null = null
  let units: Units | null = null
  for (let i = top - 1; i >= floor && top - i <= 4; i--) {
    const text = (lines[i] as Line).text
    const u = unitsFrom(lines, i, top)
    if (u && !units) units = u
    // A title is a heading, not a sentence or its tail ("per share amounts):", "… this prospectus.").
    else if (
      !title &&
      !u &&
      text.split(' ').length <= 14 &&
      /^[^a-z]/.test(text) &&
      !/\.$/.test(text) &&
      !/^table of contents$/i.test(text)
    )
      title = text
  }
  // A caption in a sentence may wrap mid-phrase ("… calculated as follows (in / millions, …):").
  if (!units) {
    const from = Math.max(floor, top - 4)
    units = parseUnits(
      lines
        .slice(from, top)
        .map((l) => l.text)
        .join(' '),
    )
  }
  return { title, units }
}
