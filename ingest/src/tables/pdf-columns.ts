/**
 * PDF table columns: financial figures are right-aligned, so a column is a right edge numeric cells
 * share across rows (clustered within 0.9 em); its span runs left to its widest cell.
 */
import type { DataRow } from './pdf-cells'

export interface ColumnSpan {
  left: number
  right: number
}

/** Right edges of numeric cells, clustered: each cluster is a column. */
export function columnEdges(rows: readonly DataRow[], tolerance: number): number[] {
  const edges = rows.flatMap((r) => r.cells.map((c) => c.x1)).sort((a, b) => a - b)
  const groups: number[][] = []
  for (const e of edges) {
    const g = groups.at(-1)
    if (g && e - (g.at(-1) as number) <= tolerance) g.push(e)
    else groups.push([e])
  }
  return groups.map((g) => g.reduce((s, v) => s + v, 0) / g.length)
}

/** Index of the value in `xs` nearest to `x`. */
export const nearest = (xs: readonly number[], x: number): number =>
  xs.reduce((best, v, i) => (Math.abs(v - x) < Math.abs((xs[best] as number) - x) ? i : best), 0)

/** Each column's span: from its widest cell's left edge to its right edge. */
export function columnSpans(rows: readonly DataRow[], edges: readonly number[]): ColumnSpan[] {
  const spans = edges.map((right) => ({ left: right, right }))
  for (const r of rows)
    for (const c of r.cells) {
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
