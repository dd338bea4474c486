/**
 * How a list's row is said (name-lists.ts): its cells each after its column's name, the words all
 * the column names start with said once. Pure.
 */
import { columnName, type Table, type TableRow } from '@asks1/shared/contract/tables'

/** A table's column names as printed, white space folded. */
export const printedColumns = (table: Table): string[] =>
  table.columns.map((c) => columnName(c).replace(/\s+/g, ' ').trim())

/**
 * The words every column name of a table starts with, when each keeps a word of its own
 * ("Beneficial Ownership Prior to the Offering" over "… Number" and "… Percent"): said once per row.
 */
function sharedHead(names: readonly string[]): string {
  const split = names.map((n) => n.split(' '))
  const first = split[0] ?? []
  let n = 0
  while (n < first.length && split.every((w) => w.length > n + 1 && w[n] === first[n])) n++
  return n >= 2 && split.length >= 2 ? first.slice(0, n).join(' ') : ''
}

/** A table's column names, as the rows' cells are said after them, and the words they all start with. */
export function columnsOf(table: Table): { names: string[]; head: string } {
  const names = printedColumns(table)
  const head = sharedHead(names.filter(Boolean))
  return { names: names.map((n) => (head ? n.slice(head.length).trim() : n)), head }
}

/**
 * A row's cells as printed, each after its column's name ("Number of shares: 2,796,200"; under a
 * shared head, "Number 34,964,928", "Percent 23.03").
 */
export function cellsOf(row: TableRow, names: readonly string[], head: string): string[] {
  return row.cells.flatMap((c, i) => {
    const text = c.text.trim()
    if (!text) return []
    const name = names[i] ?? ''
    return [head ? `${name} ${text}`.trim() : name ? `${name}: ${text}` : text]
  })
}
