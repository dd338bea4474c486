import type { Table } from '@asks1/shared/contract/tables'
import { printKey } from '../lib/highlight'

const unitsNote = (t: Table) =>
  t.units?.label
    ? `In ${t.units.label}${t.units.exceptPerShare ? ', except per-share amounts' : ''}${t.units.exceptShares ? ' and share counts' : ''}`
    : null

/**
 * The tables read on a page, drawn as tables: the reader sees rows and periods, not the run-on
 * text of the page. A cell is marked, with its row, when it prints a cited figure as the citation
 * check found it (`printed`: "3,711" in a table in millions for "$3.7 billion"): the check decides
 * what states a figure, after units and rounding, and the reader's view shows what it decided.
 */
export function PageTables({ tables, printed }: { tables: readonly Table[]; printed: readonly string[] }) {
  if (tables.length === 0) return null
  const cited = new Set(printed.map(printKey))
  return (
    <div className="page-tables">
      {tables.map((t, ti) => {
        const note = unitsNote(t)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's tables are positional and never reorder
          <table key={ti} className="page-table">
            <caption>
              {t.title ?? 'Table'}
              {t.continued ? ' (continued)' : ''}
              {note && <span className="page-table__units"> · {note}</span>}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Line item</span>
                </th>
                {t.columns.map((c, ci) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <th key={ci} scope="col" title={c.period ?? undefined}>
                    {c.label || c.period || ''}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((r, ri) => {
                const marks = r.cells.map((c) => c.value !== null && cited.has(printKey(c.text)))
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                  <tr key={ri} className={marks.some(Boolean) ? 'page-table__row--cited' : undefined}>
                    <th scope="row">{r.label}</th>
                    {r.cells.map((c, ci) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <td key={ci}>{marks[ci] ? <mark>{c.text}</mark> : c.text}</td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        )
      })}
    </div>
  )
}
