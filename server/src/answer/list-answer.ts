/**
 * What a list answer holds (name-lists.ts): the rows read, as quoted, the first MAX_LIST_ROWS of
 * them said, the rest counted. Pure.
 */
import type { FormList } from './form-lists'

/** One row of a list as quoted: the name, what the row prints beside it, and its printed page. */
export interface ListRow {
  name: string
  cells: string[]
  page: string
  /**
   * The row's figures by column of the list's first table (null where a cell prints none: "—",
   * "*", a blank); absent for a row of a continued table whose columns do not match.
   */
  values?: (number | null)[]
}

export interface ListAnswer {
  list: FormList
  /** The heading the list is printed under, as printed ("UNDERWRITING"). */
  heading: string
  rows: ListRow[]
  /** Name rows the answer leaves out (a long Item 403 table). */
  more: number
  /** The words every column's name starts with, said once ("Beneficial Ownership Prior to the Offering"). */
  columns?: string
  /** Every name row read, the table's continuation included (`rows` is its first MAX_LIST_ROWS). */
  all: ListRow[]
  /** The first table's column names, as printed: what `values` are. */
  columnNames: string[]
  /** The printed page of the last row read: where a continuation would be on the next page. */
  lastPage: string
  /** The question asks for the row with the highest or lowest figure (question.ts `extreme`). */
  extreme?: 'most' | 'least'
  /** How many rows of the extreme it asks for, ranked (question.ts `ranked`). */
  ranked?: number | 'all'
}

/**
 * Most rows quoted: an Item 403 table runs to twenty rows and more, its 5 % holders first (the
 * order Item 403(a) then (b) prints them); an underwriting syndicate of a large offering is longer
 * still, its representatives first.
 */
export const MAX_LIST_ROWS = 10

/** A list of its first MAX_LIST_ROWS rows, counting the rest. */
export const capped = (
  list: FormList,
  heading: string,
  rows: ListRow[],
  columnNames: string[] = [],
): ListAnswer => ({
  list,
  heading,
  rows: rows.slice(0, MAX_LIST_ROWS),
  more: Math.max(0, rows.length - MAX_LIST_ROWS),
  all: rows,
  columnNames,
  lastPage: rows.at(-1)?.page ?? '',
})
