/**
 * Tables of a PDF page from pdf.js geometry: rows are lines (items on one baseline), cells are the
 * line's segments (runs split at wide gaps), columns are right edges shared by numeric cells across
 * rows (financial figures are right-aligned). Header lines above the first row are given to the
 * columns they sit over and resolved to periods. A layout that defeats this yields no table: the
 * page's text is kept either way.
 *
 * The steps live apart: cells (pdf-cells.ts), rows and labels (pdf-rows.ts), columns
 * (pdf-columns.ts), headers and captions (pdf-headers.ts); this module puts a table together.
 */
import { parseUnits, type Units } from '@asks1/shared/contract/figures'
import type { Table, TableColumn, TableRow } from '@asks1/shared/contract/tables'
import type { Line } from '../layout'
import { cleanLabel, readCell, resolvePeriod, unitsOf } from './common'
import { columnEdges, columnSpans, columnsOf } from './pdf-columns'
import { captionOf, headerOf } from './pdf-headers'
import { labelRows, type Region, regions } from './pdf-rows'

const linesText = (lines: readonly Line[]) => lines.map((l) => l.text).join(' ')

/**
 * The table's units: stated in its header block or caption; else by a section heading inside it
 * ("Balance Sheet Data (in thousands):"), never by a row stating its own ("Listener hours (in
 * billions)"); else those of a table printed right above it, when nothing but this table's header
 * separates the two (a second fair-value table under the first, the caption above both).
 */
function unitsOfRegion(
  lines: readonly Line[],
  region: Region,
  top: number,
  caption: Units | null,
  above: { end: number; units: Units | null } | null,
): Units | null {
  const own = parseUnits(linesText(lines.slice(top, region.start))) ?? caption
  if (own) return own
  const rowLines = new Set(region.rows.map((r) => r.line))
  const headings = lines
    .slice(region.start, region.end + 1)
    .filter((l, k) => !rowLines.has(region.start + k) && /:$/.test(l.text))
  const inner = parseUnits(linesText(headings))
  if (inner) return inner
  return above && above.end + 1 >= top ? above.units : null
}

/** The tables of one printed page's lines (`page` is its label). */
export function pdfTables(lines: readonly Line[], page: string): Table[] {
  const out: Table[] = []
  let floor = 0
  let above: { end: number; units: Units | null } | null = null
  for (const region of regions(lines)) {
    const size = lines[region.start]?.geo?.fontSize ?? 9
    const edges = columnEdges(region.rows, 0.9 * size)
    const header = headerOf(lines, region.start, columnSpans(region.rows, edges), floor)
    const top = region.start - header.lines
    const caption = captionOf(lines, top, floor)
    const units = unitsOfRegion(lines, region, top, caption.units, above)
    const columns: TableColumn[] = header.labels.map((label) => ({ label, period: resolvePeriod(label) }))
    const rows: TableRow[] = labelRows(lines, region, header.bottom).map(({ row, label: printed }) => {
      const label = cleanLabel(printed)
      const cells = edges.map(() => ({ text: '', value: null as number | null }))
      const at = columnsOf(row.cells, edges)
      row.cells.forEach((c, k) => {
        cells[at[k] as number] = readCell(c.text, units, label)
      })
      return { label, page, cells }
    })
    floor = region.end + 1
    above = { end: region.end, units }
    if (rows.length < 2 || columns.length === 0) continue
    out.push({ page, title: caption.title, units: unitsOf(units), columns, rows, continued: false })
  }
  return out
}
