import { type Figure, figureStates, parseFigures } from '@asks1/shared/contract/figures'
import { cellFigure, type Table } from '@asks1/shared/contract/tables'

/** Whether a cell states one of the cited figures (after the table's units and the quote's rounding), as the check decides. */
function isCited(cell: Table['rows'][number]['cells'][number], cited: readonly Figure[]): boolean {
  const f = cellFigure(cell)
  return f !== null && cited.some((c) => figureStates(f, c))
}

const unitsNote = (t: Table) =>
  t.units?.label
    ? `In ${t.units.label}${t.units.exceptPerShare ? ', except per-share amounts' : ''}${t.units.exceptShares ? ' and share counts' : ''}`
    : null

/**
 * The tables read on a page, drawn as tables: the reader sees rows and periods, not the run-on
 * text of the page. Cells equal to a figure the answer cites are marked, and so is their row.
 */
export function PageTables({ tables, figures }: { tables: readonly Table[]; figures: readonly string[] }) {
  if (tables.length === 0) return null
  const cited = figures.flatMap((f) => parseFigures(f).slice(0, 1))
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
                const marks = r.cells.map((c) => isCited(c, cited))
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
