/**
 * Tables of a PDF page from pdf.js geometry: rows are lines (items on one baseline), cells are the
 * line's segments (runs split at wide gaps), columns are right edges shared by numeric cells across
 * rows (financial figures are right-aligned). Header lines above the first row are given to the
 * columns they sit over and resolved to periods. A layout that defeats this yields no table: the
 * page's text is kept either way.
 */
import { parseUnits, type Units } from '@asks1/shared/contract/figures'
import type { Table, TableColumn, TableRow } from '@asks1/shared/contract/tables'
import type { Line, Segment } from '../layout'
import { cleanLabel, isNumericCell, readCell, resolvePeriod, unitsOf } from './common'

interface Cell {
  text: string
  /** Right edge of the number (where right-aligned columns line up) and its left edge. */
  x0: number
  x1: number
}

interface DataRow {
  line: number
  label: string
  labelX: number
  cells: Cell[]
}

/** "$" printed apart from its number, ")" and "%" hanging after it: one cell each. */
function cellsOf(segments: readonly Segment[]): Cell[] {
  return joinCells(segments.flatMap(splitLabelFigure))
}

/**
 * A label whose footnote marker is glued to the first figure ("Cost of revenue (1)41") is a label
 * and a cell; the figure's position is estimated from its share of the characters.
 */
function splitLabelFigure(s: Segment): Segment[] {
  const m = /^(.*[A-Za-z)].*?)\s?\(\d{1,2}\)\s?(\$?\s?\(?\d[\d,]*(?:\.\d+)?\s?\)?%?)$/.exec(s.text)
  if (!m) return [s]
  const w = (s.x1 - s.x0) / s.text.length
  const fig = m[2] as string
  return [
    { text: (m[1] as string).trim(), x0: s.x0, x1: s.x1 - w * (fig.length + 3) },
    { text: fig, x0: s.x1 - w * fig.length, x1: s.x1 },
  ]
}

function joinCells(segments: readonly Segment[]): Cell[] {
  const out: Cell[] = []
  let pendingDollar = false
  for (const s of segments) {
    // A "$" glued to the end of the previous number ("38,380$") belongs to the next cell.
    // So does a number glued after a closing parenthesis ("(147,114 )15,033").
    const parts = s.text.split(/(?<=[\d)])\s*(?=\$)|(?<=\d\s?\))\s*(?=[\d(])/)
    for (const [k, raw] of parts.entries()) {
      // A footnote marker glued to the first figure belongs to the label: "(1)5,850", "(2)0.4".
      const text = raw.trim().replace(/^\(\d{1,2}\)\s?(?=[\d$(.])/, '')
      const x0 = k === 0 ? s.x0 : s.x1 - 1
      if (/^\$$/.test(text)) {
        pendingDollar = true
        continue
      }
      const last = out.at(-1)
      if (last && /^[)%]$/.test(text)) {
        last.text += text
        continue
      }
      out.push({ text: pendingDollar ? `$ ${text}` : text, x0, x1: k === parts.length - 1 ? s.x1 : x0 + 1 })
      pendingDollar = false
    }
  }
  // Columns line up on the last digit: a hanging ")" or "%" must not move a cell's right edge.
  for (const c of out) {
    const tail = /[^\d]*$/.exec(c.text)?.[0].length ?? 0
    if (tail > 0 && c.text.length > tail) c.x1 -= (tail * (c.x1 - c.x0)) / c.text.length
  }
  return out
}

/** A line read as a table row: a label (optional) then numeric cells, nothing textual after them. */
function asDataRow(line: Line, index: number): DataRow | null {
  const cells = cellsOf(line.segments ?? [])
  if (cells.length === 0) return null
  const first = cells[0] as Cell
  // A year leading a row of amounts is its label ("2024   $ 3,356" in a maturities table).
  const isYear = (c: Cell) => /^(?:19|20)\d{2}$/.test(c.text)
  const yearLabel = cells.length > 1 && isYear(first) && !cells.slice(1).every(isYear)
  const labelled = yearLabel || !isNumericCell(first.text)
  const values = labelled ? cells.slice(1) : cells
  if (values.length === 0 || !values.every((c) => isNumericCell(c.text))) return null
  // A row of years alone is a header, not data.
  if (!labelled && values.every((c) => /^(?:19|20)\d{2}$/.test(c.text))) return null
  return {
    line: index,
    label: labelled ? first.text : '',
    labelX: labelled ? first.x0 : first.x0,
    cells: values,
  }
}

/** Right edges of numeric cells, clustered: each cluster is a column. */
function clusterColumns(rows: readonly DataRow[], tolerance: number): number[] {
  const edges = rows.flatMap((r) => r.cells.map((c) => c.x1)).sort((a, b) => a - b)
  const groups: number[][] = []
  for (const e of edges) {
    const g = groups.at(-1)
    if (g && e - (g.at(-1) as number) <= tolerance) g.push(e)
    else groups.push([e])
  }
  return groups.map((g) => g.reduce((s, v) => s + v, 0) / g.length)
}

const nearest = (xs: readonly number[], x: number) =>
  xs.reduce((best, v, i) => (Math.abs(v - x) < Math.abs((xs[best] as number) - x) ? i : best), 0)

const isProse = (line: Line, pageWidth: number) => {
  const segs = line.segments ?? []
  const words = line.text.split(' ').length
  if (words > 24) return true
  // A heading or a wrapped label ends in ":" or stays in the label column; a sentence runs wide.
  if (/:$/.test(line.text) && words <= 12) return false
  const widest = Math.max(0, ...segs.map((s) => s.x1 - s.x0))
  return (
    (segs.length === 1 && widest > 0.6 * pageWidth && words > 6) || (widest > 0.55 * pageWidth && words > 16)
  )
}

/** Consecutive runs of data rows (label-only lines between rows allowed), at least two rows each. */
function regions(
  lines: readonly Line[],
  pageWidth: number,
): { start: number; end: number; rows: DataRow[] }[] {
  const out: { start: number; end: number; rows: DataRow[] }[] = []
  let cur: { start: number; end: number; rows: DataRow[] } | null = null
  let gapLines = 0
  lines.forEach((line, i) => {
    const row = asDataRow(line, i)
    if (row) {
      if (!cur) {
        cur = { start: i, end: i, rows: [] }
        out.push(cur)
      }
      cur.rows.push(row)
      cur.end = i
      gapLines = 0
      return
    }
    // Section labels ("Costs and expenses:") and wrapped labels sit between rows; prose ends a table.
    if (cur && !isProse(line, pageWidth) && (line.segments?.length ?? 0) <= 2 && ++gapLines <= 8) return
    cur = null
    gapLines = 0
  })
  return out.filter((r) => r.rows.length >= 2)
}

/**
 * Whether header segment `si` of a line sits over a column centred at `x`. A header is centred over
 * the columns it spans, so its reach is symmetric: as far as the midpoint to its neighbour on the
 * line ("Fiscal Year Ended January 31," over four columns, "October 31," over two), and at least
 * half a column pitch past its own ends.
 */
function reaches(segs: readonly Segment[], si: number, x: number, pitch: number): boolean {
  const s = segs[si] as Segment
  const c = (s.x0 + s.x1) / 2
  const prev = segs[si - 1]
  const next = segs[si + 1]
  const left = prev ? (prev.x1 + s.x0) / 2 : Number.NEGATIVE_INFINITY
  const right = next ? (s.x1 + next.x0) / 2 : Number.POSITIVE_INFINITY
  const own = (s.x1 - s.x0) / 2 + pitch / 2
  const sym = Math.min(c - left, right - c)
  const r = Number.isFinite(sym) ? Math.max(own, sym) : own
  return x >= Math.max(left, c - r) && x <= Math.min(right, c + r)
}

/** Two headers printed without a gap ("As of June 30,As of December 31,") are two segments. */
function splitGlued(s: Segment): Segment[] {
  const parts = s.text.split(/(?<=,)(?=[A-Z])/)
  if (parts.length === 1) return [s]
  const w = (s.x1 - s.x0) / s.text.length
  let x = s.x0
  return parts.map((text) => {
    const seg = { text: text.trim(), x0: x, x1: x + w * text.length }
    x = seg.x1
    return seg
  })
}

/** Header parts above the first row, given to the columns they sit over (spanning headers to several). */
function headerOf(
  lines: readonly Line[],
  first: number,
  cols: readonly { left: number; right: number }[],
  floor: number,
): { labels: string[]; lines: number } {
  const parts: string[][] = cols.map(() => [])
  const pitch =
    cols.length > 1
      ? ((cols.at(-1) as { right: number }).right - (cols[0] as { right: number }).right) / (cols.length - 1)
      : 60
  const colsLeft = (cols[0] as { left: number }).left - pitch / 2
  let used = 0
  for (let i = first - 1; i >= floor && first - i <= 8; i--) {
    const line = lines[i] as Line
    // A units caption may share the header line ("(in thousands)   Actual   Pro forma").
    const segs = (line.segments ?? [])
      .filter((s) => !parseUnits(s.text) || s.x1 > colsLeft)
      .flatMap(splitGlued)
    if (segs.length === 0) continue
    // A section heading between the header and the first row ("Statements of Income Data:").
    if (
      used === 0 &&
      first - i <= 4 &&
      segs.length === 1 &&
      !isProse(line, 612) &&
      segs[0] &&
      segs[0].x1 < colsLeft
    )
      continue
    if (!segs.length || segs.some((s) => s.x0 < colsLeft - pitch)) break
    used = first - i
    const owner = cols.map(() => -1)
    // One segment centred over all the columns ("Year Ended December 31,") spans them all.
    const mid = ((cols[0] as { left: number }).left + (cols.at(-1) as { right: number }).right) / 2
    const only = segs.length === 1 ? (segs[0] as Segment) : null
    const range = (cols.at(-1) as { right: number }).right - (cols[0] as { left: number }).left
    const spansAll =
      only !== null && Math.abs((only.x0 + only.x1) / 2 - mid) < Math.max(pitch / 2, 0.12 * range)
    cols.forEach((c, ci) => {
      if (spansAll) {
        owner[ci] = 0
        return
      }
      const centre = (c.left + c.right) / 2
      let best = -1
      let dist = Number.POSITIVE_INFINITY
      segs.forEach((s, si) => {
        if (!reaches(segs, si, centre, pitch)) return
        const d = Math.abs((s.x0 + s.x1) / 2 - centre)
        if (d < dist) {
          dist = d
          best = si
        }
      })
      owner[ci] = best
    })
    owner.forEach((si, ci) => {
      if (si >= 0) (parts[ci] as string[]).unshift((segs[si] as Segment).text)
    })
  }
  return { labels: parts.map((p) => p.join(' ').replace(/\s+/g, ' ').trim()), lines: used }
}

/** Title and units: the nearest short lines above the table's header. */
function captionOf(
  lines: readonly Line[],
  top: number,
  floor: number,
): { title: string | null; units: Units | null } {
  let title: string | null = null
  let units: Units | null = null
  for (let i = top - 1; i >= floor && top - i <= 4; i--) {
    const text = (lines[i] as Line).text
    const u = parseUnits(text)
    if (u && !units) units = u
    else if (!title && text.split(' ').length <= 14 && !/^table of contents$/i.test(text)) title = text
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

/**
 * The tables of one printed page's lines (`page` is its label). Wrapped labels are joined: a
 * label-only line followed by a row whose label starts in lower case ("Net loss attributable to
 * common" / "stockholders $(17,751)").
 */
export function pdfTables(lines: readonly Line[], page: string): Table[] {
  const width = lines.find((l) => l.geo)?.geo?.pageWidth ?? 612
  const out: Table[] = []
  let floor = 0
  for (const region of regions(lines, width)) {
    const size = lines[region.start]?.geo?.fontSize ?? 9
    const edges = clusterColumns(region.rows, 0.9 * size)
    const spans = edges.map((right) => ({ left: right, right }))
    for (const r of region.rows)
      for (const c of r.cells) {
        const col = spans[nearest(edges, c.x1)] as { left: number; right: number }
        col.left = Math.min(col.left, c.x0)
      }
    const header = headerOf(lines, region.start, spans, floor)
    const top = region.start - header.lines
    const inner = lines
      .slice(top, region.start)
      .map((l) => l.text)
      .join(' ')
    const caption = captionOf(lines, top, floor)
    const units =
      parseUnits(inner) ??
      caption.units ??
      parseUnits(
        lines
          .slice(top, region.end + 1)
          .map((l) => l.text)
          .join(' '),
      )
    const columns: TableColumn[] = header.labels.map((label) => ({ label, period: resolvePeriod(label) }))
    const rows: TableRow[] = []
    let pendingLabel = ''
    for (let i = region.start; i <= region.end; i++) {
      const row = region.rows.find((r) => r.line === i)
      if (!row) {
        const text = (lines[i] as Line).text
        // A heading ("Costs and expenses:") stands alone; other label lines run on into the row.
        pendingLabel =
          /:$/.test(pendingLabel) || /^[A-Z]/.test(text) ? text : `${pendingLabel} ${text}`.trim()
        continue
      }
      const joined = pendingLabel && /^[a-z(]/.test(row.label) && !/:$/.test(pendingLabel)
      const label = cleanLabel(joined ? `${pendingLabel} ${row.label}` : row.label || pendingLabel)
      pendingLabel = ''
      const cells = edges.map(() => ({ text: '', value: null as number | null }))
      for (const c of row.cells) {
        const k = nearest(edges, c.x1)
        cells[k] = readCell(c.text, units, label)
      }
      rows.push({ label, page, cells })
    }
    floor = region.end + 1
    if (rows.length < 2 || columns.length === 0) continue
    out.push({ page, title: caption.title, units: unitsOf(units), columns, rows, continued: false })
  }
  return out
}
