/**
 * The table reading of a filing: per printed page, the tables (or parts of tables) printed on it.
 * An additional reading: page text is untouched, and a page the readers cannot make sense of
 * simply has no tables (logged at debug by the caller's logger, never an error).
 */
import type { Table } from '@asks1/shared/contract/tables'
import type { Line } from '../layout'
import type { RawPage } from '../paging'
import { partsByPage, readCell } from './common'
import { htmlTables } from './html-tables'
import { pdfTables } from './pdf-tables'

export type TableLog = (message: string) => void

/** A table part with no header of its own, right after a table with as many columns, continues it. */
function continues(prev: Table | undefined, next: Table): boolean {
  return (
    prev !== undefined &&
    prev.columns.length === next.columns.length &&
    next.columns.every((c) => c.label === '') &&
    prev.columns.some((c) => c.label !== '')
  )
}

function continueFrom(prev: Table, next: Table, acrossPages: boolean): Table {
  const units = prev.units
  const scaled = units ? { ...units, label: units.label } : null
  const rows = next.rows.map((r) => ({
    ...r,
    cells: r.cells.map((c) =>
      c.value === null || !scaled ? c : readCell(c.text, { ...scaled, label: scaled.label ?? null }, r.label),
    ),
  }))
  return {
    ...next,
    title: acrossPages ? prev.title : (next.title ?? prev.title),
    units,
    columns: prev.columns,
    rows,
    continued: acrossPages,
  }
}

/** Tables of a PDF's printed pages, from each page's line geometry. */
export function readPdfTables(pages: readonly RawPage[], log: TableLog = () => {}): Map<string, Table[]> {
  const out = new Map<string, Table[]>()
  let last: Table | undefined
  for (const p of pages) {
    let found: Table[] = []
    try {
      found = pdfTables(p.lines, p.label)
    } catch (err) {
      log(`p.${p.label}: no table read (${(err as Error).message})`)
    }
    // A headerless part after a table with as many columns continues it: across the page break, or
    // on the same page after a break in the rows (a "Key metrics:" block under a quarterly table).
    found = found.map((t) => {
      const next = last && continues(last, t) ? continueFrom(last, t, last.page !== p.label) : t
      last = next
      return next
    })
    if (found.length) out.set(p.label, [...(out.get(p.label) ?? []), ...found])
  }
  return out
}

/** Tables of an HTML filing's printed pages, from its `<table>` markup (rows keep their own page). */
export function readHtmlTables(pages: readonly RawPage[], log: TableLog = () => {}): Map<string, Table[]> {
  const label = new Map<Line, string>()
  const lines: Line[] = []
  for (const p of pages)
    for (const l of p.lines) {
      label.set(l, p.label)
      lines.push(l)
    }
  const out = new Map<string, Table[]>()
  let tables: Table[] = []
  try {
    tables = htmlTables(lines, (i) => label.get(lines[i] as Line) ?? null, log)
  } catch (err) {
    log(`no tables read (${(err as Error).message})`)
  }
  let last: Table | undefined
  for (const t of tables) {
    // The PDF rule on the markup: a headerless `<table>` after one with as many columns continues it
    // (EDGAR prints a statement's footnote table, "Includes stock-based compensation as follows", apart).
    const lastPage = last?.rows.at(-1)?.page ?? last?.page
    const next = last && continues(last, t) ? continueFrom(last, t, lastPage !== t.page) : t
    last = next
    for (const part of partsByPage(next)) out.set(part.page, [...(out.get(part.page) ?? []), part])
  }
  return out
}
