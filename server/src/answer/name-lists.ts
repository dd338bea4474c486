/**
 * A "who" or "which" question answered by a list of names the filing prints as a table's rows:
 * the underwriters and the shares each takes (Regulation S-K Item 508(a)), the holders of more
 * than 5 % and the directors and officers (Item 403). Which lists the form requires, under which
 * headings, and the words a question asks for them by are data (form-lists.ts). The list is read
 * from a retrieved page: its table, or, where a preliminary prospectus leaves the table's figures
 * blank (Securities Act Rule 430A) and no table is read, the run of firm names its text prints
 * above the "Total" line. Pure: the retrieved pages are passed in, in retrieval order.
 *
 * Over 300 lines because it is one reading of a page's layout (the heading in force, the table or
 * the run of names under it, the tables continuing it on the next pages); the name tests
 * (party-names.ts) and the ranking of rows (list-rank.ts) live apart.
 */

import type { PageRecord } from '@asks1/shared/contract/chunk'
import { pageTag } from '@asks1/shared/contract/citations'
import { isHeading } from '@asks1/shared/contract/headings'
import { columnName, type Table, type TableRow } from '@asks1/shared/contract/tables'
import { FORM_SECTIONS, formSectionOf, PATH_SEP } from '@asks1/shared/retrieval/vocabulary'
import type { SearchHit } from '@asks1/shared/store'
import { FORM_LISTS, type FormList } from './form-lists'
import { columnOffset, extremeLines, moreLine, placed } from './list-rank'
import { cleanName, DESIGNATORS, designatorOf, isFirmName, isName } from './party-names'
import type { QuestionAnalysis } from './question'
import { stemsOf } from './stems'

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

export { cleanName, isFirmName, isPersonName } from './party-names'

/**
 * A question asking for names: "Who …", "Which …" (typed `other` when a noun follows: "Which
 * investment banks …"), or an imperative asking for them ("List the underwriters", "Name the
 * principal stockholders").
 */
const ASKS_NAMES = /^\s*(?:who|which|list|name)\b/i

/** The lists of the form the question asks for: a who/which question naming the list by one of its words. */
export function askedLists(q: QuestionAnalysis): FormList[] {
  if (q.answerType !== 'name' && !ASKS_NAMES.test(q.text)) return []
  const terms = new Set([...q.terms, ...q.phrases])
  const names = (words: readonly string[]) => words.some((w) => [w, ...stemsOf(w)].some((s) => terms.has(s)))
  return FORM_LISTS.filter(
    (l) => names(l.asks) || (l.generic !== undefined && names(l.generic.words) && names(l.generic.needs)),
  )
}

/** The first title of a standard section ("underwriting"): what a search for the section asks. */
export function sectionTitle(section: string): string {
  return FORM_SECTIONS.find((s) => s.id === section)?.titles[0] ?? section
}

/**
 * A page's heading lines ("UNDERWRITING"), by the one heading test the chunker uses (not the running
 * "TABLE OF CONTENTS"). On the four dev filings it finds every line the capitals-only pattern used
 * here before found, and 38 more ("NOTES TO … (CONTINUED)", "U.S. FEDERAL …"), none on a page
 * printing a list: the lists read are the same.
 */
const headingLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(isHeading)

/**
 * The part of a heading (or a section path) naming the standard section that prints the list, as
 * printed; null when it names another.
 */
const printsUnder = (list: FormList, heading: string | null) =>
  heading?.split(PATH_SEP).find((part) => formSectionOf(part)?.id === list.section) ?? null

/**
 * The heading a list at `at` (an offset of the page text) is printed under: the last heading line
 * of the page before it, else the section of a retrieved passage covering the page (a table
 * continued from the page before prints no heading of its own).
 */
function headingAt(page: PageRecord, at: number, hits: readonly SearchHit[]): string | null {
  const above = headingLines(page.text.slice(0, Math.max(0, at))).at(-1)
  if (above) return above
  const hit = hits.find((h) => h.chunk.pages.includes(page.label) && h.chunk.section)
  return hit?.chunk.section ?? null
}

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
function columnsOf(table: Table): { names: string[]; head: string } {
  const names = table.columns.map((c) => columnName(c).replace(/\s+/g, ' ').trim())
  const head = sharedHead(names.filter(Boolean))
  return { names: names.map((n) => (head ? n.slice(head.length).trim() : n)), head }
}

/**
 * A row's cells as printed, each after its column's name ("Number of shares: 2,796,200"; under a
 * shared head, "Number 34,964,928", "Percent 23.03").
 */
function cellsOf(row: TableRow, names: readonly string[], head: string): string[] {
  return row.cells.flatMap((c, i) => {
    const text = c.text.trim()
    if (!text) return []
    const name = names[i] ?? ''
    return [head ? `${name} ${text}`.trim() : name ? `${name}: ${text}` : text]
  })
}

/** A list of its first MAX_LIST_ROWS rows, counting the rest. */
const capped = (
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

/** A table's name rows, when they are most of its rows (a list's table, not a text's). */
function nameRows(list: FormList, t: Table): TableRow[] {
  const names = t.rows.filter((r) => isName(r.label, list.parties))
  return names.length >= 1 && names.length * 2 >= t.rows.length ? names : []
}

/** A table of the page whose rows are mostly names of the list's parties: its name rows, and their continuation. */
function tableList(
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
    const names2 = t.columns.map((c) => columnName(c).replace(/\s+/g, ' ').trim())
    return { ...capped(list, heading, rows, names2), ...(cols.head ? { columns: cols.head } : {}) }
  }
  return null
}

/**
 * The page printed after each page, where the caller has read it (label → page): a list's table
 * runs on there without its heading (a "(continued)" table of Item 403 or the syndicate).
 */
export type Following = ReadonlyMap<string, PageRecord>

/** Pages a continued list is followed over: an Item 403 table or a syndicate runs over two or three. */
export const MAX_CONTINUED_PAGES = 3

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

/**
 * A list the page's text prints as a column of firm names closed by its "Total" line, when no
 * table is read there (a preliminary prospectus leaves the shares column blank, so the reader sees
 * no figures and no table). A line holding only a designator ("Incorporated") ends the name above it.
 */
function textList(list: FormList, page: PageRecord, hits: readonly SearchHit[]): ListAnswer | null {
  const lines = nameLines(page.text)
  let run: string[] = []
  let start = 0
  for (const { line, at } of lines) {
    if (isFirmName(line)) {
      if (run.length === 0) start = at
      run.push(line)
      continue
    }
    if (run.length >= 2 && /^Total\b/i.test(line)) {
      const heading = printsUnder(list, headingAt(page, start, hits))
      if (heading) {
        return capped(
          list,
          heading,
          run.map((name) => ({ name, cells: [], page: page.label })),
        )
      }
    }
    run = []
  }
  return null
}

/**
 * A page's lines with their offsets, a line holding only a designator ("Incorporated", wrapped
 * from "Merrill Lynch, Pierce, Fenner & Smith") joined to the line above.
 */
function nameLines(text: string): { line: string; at: number }[] {
  const out: { line: string; at: number }[] = []
  let offset = 0
  for (const raw of text.split('\n')) {
    const line = cleanName(raw)
    const last = out.at(-1)
    if (last && /^[A-Z][\w.,]*$/.test(line) && DESIGNATORS.has(designatorOf(line)))
      last.line = `${last.line} ${line}`
    else out.push({ line, at: offset })
    offset += raw.length + 1
  }
  return out
}

/**
 * The heading of the list's section a page ends under, when the page prints no list: the table
 * then starts on the next page (Facebook's "PRINCIPAL AND SELLING STOCKHOLDERS" opens p.126 with its
 * notes; the table is on p.127, under no heading of its own).
 */
export function openingHeading(list: FormList, page: PageRecord): string | null {
  const last = headingLines(page.text).at(-1)
  return last ? printsUnder(list, last) : null
}

/** The list printed at the top of the page after one that opens its section. */
function openedList(
  list: FormList,
  page: PageRecord,
  hits: readonly SearchHit[],
  following: Following,
): ListAnswer | null {
  const heading = openingHeading(list, page)
  const next = following.get(page.label)
  return heading && next ? tableList(list, next, hits, following, heading) : null
}

/**
 * The list the question asks for, from the first retrieved page (in retrieval order) printing it
 * under one of its headings: its table's name rows, else its text's column of firm names. Null
 * when the question asks for no list of the form or no retrieved page prints one.
 */
export function listAnswer(
  q: QuestionAnalysis,
  pages: readonly PageRecord[],
  hits: readonly SearchHit[],
  following: Following = new Map(),
): ListAnswer | null {
  const lists = askedLists(q)
  if (lists.length === 0) return null
  for (const page of pages)
    for (const list of lists) {
      const found =
        tableList(list, page, hits, following) ??
        (list.parties === 'firms' ? textList(list, page, hits) : null) ??
        openedList(list, page, hits, following)
      if (found)
        return q.extreme ? { ...found, extreme: q.extreme, ...(q.ranked ? { ranked: q.ranked } : {}) } : found
    }
  return null
}

/**
 * The list as answer lines: a lead line naming what the rows are and the heading they are printed
 * under, citing the page (a citation's relevance badge measures the text it supports, and a row of
 * names holds none of the question's words), then one line per row, indented under it, each citing
 * the row's printed page (so the figures beside a name are checked against that page).
 */
export function listLines(a: ListAnswer): string[] {
  if (a.extreme) return extremeLines(a, a.extreme)
  const first = a.rows[0]?.page
  const lead = `- ${a.list.what.charAt(0).toUpperCase()}${a.list.what.slice(1)}, as the table under “${a.heading}” names them${a.columns ? ` (${a.columns})` : ''}${first ? ` ${pageTag(first)}` : ''}:`
  const rows = a.rows.map(
    (r) =>
      `  - ${r.name}${r.cells.length ? ` — ${r.cells.join(a.columns ? ', ' : '; ')}` : ''} ${pageTag(r.page)}`,
  )
  return [lead, ...rows, ...moreLine(a)]
}
