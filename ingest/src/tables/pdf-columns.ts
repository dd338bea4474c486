/**
 * PDF table columns: financial figures are right-aligned, so a column is a right edge numeric cells
 * share across rows (clustered within 0.9 em); its span runs left to its widest cell.
 */
import type { Cell, DataRow } from './pdf-cells'

export interface ColumnSpan {
  left: number
  right: number
}

/** Right edges, clustered within `tolerance`: each cluster's mean. */
function clusters(xs: readonly number[], tolerance: number): number[] {
  const groups: number[][] = []
  for (const e of [...xs].sort((a, b) => a - b)) {
    const g = groups.at(-1)
    if (g && e - (g.at(-1) as number) <= tolerance) g.push(e)
    else groups.push([e])
  }
  return groups.map((g) => g.reduce((s, v) => s + v, 0) / g.length)
}

/**
 * Right edges of numeric cells, clustered: each cluster is a column. Cells cut from a longer run of
 * text have estimated edges (pdf-cells.ts) that drift with the widths of the characters before
 * them: they add a column only where no printed edge lies within half the columns' pitch (CAMP4's
 * dilution table prints every percentage glued to the amount beside it: "64.0% $188,257,160").
 */
export function columnEdges(rows: readonly DataRow[], tolerance: number): number[] {
  const cells = rows.flatMap((r) => r.cells)
  const printed = clusters(
    cells.filter((c) => !c.estimated).map((c) => c.x1),
    tolerance,
  )
  if (printed.length === 0)
    return clusters(
      cells.map((c) => c.x1),
      tolerance,
    )
  const pitch =
    printed.length > 1 ? ((printed.at(-1) as number) - (printed[0] as number)) / (printed.length - 1) : 0
  const reach = Math.max(tolerance, pitch / 2)
  const glued = clusters(
    cells.filter((c) => c.estimated).map((c) => c.x1),
    tolerance,
  ).filter((e) => printed.every((p) => Math.abs(p - e) > reach))
  return [...printed, ...glued].sort((a, b) => a - b)
}

/** Index of the value in `xs` nearest to `x`. */
export const nearest = (xs: readonly number[], x: number): number =>
  xs.reduce((best, v, i) => (Math.abs(v - x) < Math.abs((xs[best] as number) - x) ? i : best), 0)

/**
 * The column of each of a row's cells: the nearest edge; but cells cut from one run of text ("$
 * 242,675 $168,580 … $ 54,313") sit in consecutive columns ending at the nearest edge to the run's
 * last cell, whose right edge is printed (or nearly: a "$" may follow it); their own estimated
 * edges drift with the widths of the characters before them.
 */
export function columnsOf(cells: readonly Cell[], edges: readonly number[]): number[] {
  const out = cells.map((c) => nearest(edges, c.x1))
  for (let i = cells.length - 1; i > 0; i--) {
    const c = cells[i] as Cell
    const before = cells[i - 1] as Cell
    if (before.estimated && before.run === c.run && c.run !== undefined)
      out[i - 1] = Math.max(0, (out[i] as number) - 1)
  }
  return out
}

/** Each column's span: from its widest cell's left edge to its right edge. */
export function columnSpans(rows: readonly DataRow[], edges: readonly number[]): ColumnSpan[] {
  const spans = edges.map((right) => ({ left: right, right }))
  for (const r of rows)
    for (const c of r.cells) {
      if (c.estimated) continue
      const col = spans[nearest(edges, c.x1)] as ColumnSpan
      col.left = Math.min(col.left, c.x0)
    }
  return spans
}

/** The distance between neighbouring columns (a default for a single column). */
export function columnPitch(cols: readonly ColumnSpan[]): number {
  const first = cols[0]
  const last = cols.at(-1)
  return first && last && cols.length > 1 ? (last.right - first.right) / (cols.length - 1) : 60
}
