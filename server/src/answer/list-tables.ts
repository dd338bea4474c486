/**
 * A list read from a page's tables (name-lists.ts): the table whose rows are mostly names of the
 * list's parties, and the tables continuing it on the same and the next pages. Pure.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { Table, TableRow } from '@asks1/shared/contract/tables'
import type { SearchHit } from '@asks1/shared/store'
import type { FormList } from './form-lists'
import { capped, type ListAnswer, type ListRow } from './list-answer'
import { cellsOf, columnsOf, printedColumns } from './list-columns'
import { headingAt, headingLines, printsUnder } from './list-headings'
import { columnOffset, placed } from './list-rank'
import { cleanName, isName } from './party-names'

/**
 * The page printed after each page, where the caller has read it (label → page): a list's table
 * runs on there without its heading (a "(continued)" table of Item 403 or the syndicate).
 */
export type Following = ReadonlyMap<string, PageRecord>

/** Pages a continued list is followed over: an Item 403 table or a syndicate runs over two or three. */
export const MAX_CONTINUED_PAGES = 3

/** A table's name rows, when they are most of its rows (a list's table, not a text's). */
function nameRows(list: FormList, t: Table): TableRow[] {
  const names = t.rows.filter((r) => isName(r.label, list.parties))
  return names.length >= 1 && names.length * 2 >= t.rows.length ? names : []
}

/** A table of the page whose rows are mostly names of the list's parties: its name rows, and their continuation. */
export function tableList(
  list: FormList,
  page: PageRecord,
  hits: readonly SearchHit[],
  following: Following,
  inherited: string | null = null,
): ListAnswer | null {
  for (const t of page.tables ?? []) {
    const names = nameRows(list, t)
    if (names.length < 2) continue
    const at = page.text.indexOf(cleanName((names[0] as TableRow).label))
    const heading = printsUnder(list, t.title) ?? printsUnder(list, headingAt(page, at, hits)) ?? inherited
    if (!heading) continue
    const cols = columnsOf(t)
    const width = t.columns.length
    // A row's cells and figures under the first table's columns from `at` on (a continued table
    // may lack columns at either side: the reader split the table at a stub column).
    const rowOf = (r: TableRow, at: number): ListRow => ({
      name: cleanName(r.label),
      cells: cellsOf(r, cols.names.slice(at), cols.head),
      page: r.page,
      values: placed(r, at, width),
    })
    const rows = names.map((r) => rowOf(r, 0))
    for (const more of continuation(list, page, t, following)) {
      // A continued table reads under the first one's column names where its figures line up with
      // them (columnOffset); otherwise it is quoted as printed and not compared.
      const moreNames = nameRows(list, more)
      const at = columnOffset(names, width, moreNames, more.columns.length)
      rows.push(
        ...moreNames.map((r) =>
          at === null
            ? { name: cleanName(r.label), cells: cellsOf(r, columnsOf(more).names, ''), page: r.page }
            : rowOf(r, at),
        ),
      )
    }
    return { ...capped(list, heading, rows, printedColumns(t)), ...(cols.head ? { columns: cols.head } : {}) }
  }
  return null
}

/**
 * The tables continuing `t`: the name tables printed after it on its page, then the first name
 * table of each following page, up to a heading (another section begins) or a table of other rows.
 */
function continuation(list: FormList, page: PageRecord, t: Table, following: Following): Table[] {
  const out: Table[] = []
  const after = (page.tables ?? []).slice((page.tables ?? []).indexOf(t) + 1)
  for (const u of after) {
    if (nameRows(list, u).length === 0) return out
    out.push(u)
  }
  let at = page
  for (let n = 0; n < MAX_CONTINUED_PAGES; n++) {
    const next = following.get(at.label)
    const first = next?.tables?.[0]
    if (!next || !first || nameRows(list, first).length === 0) return out
    // A heading printed above the table opens another section: its rows are not this list's.
    const starts = next.text.indexOf(cleanName((nameRows(list, first)[0] as TableRow).label))
    if (headingLines(next.text.slice(0, Math.max(0, starts))).length > 0) return out
    for (const u of next.tables ?? []) {
      if (nameRows(list, u).length === 0) return out
      out.push(u)
    }
    at = next
  }
  return out
}
