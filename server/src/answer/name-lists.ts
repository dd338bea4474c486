/**
 * A "who" or "which" question answered by a list of names the filing prints as a table's rows:
 * the underwriters and the shares each takes (Regulation S-K Item 508(a)), the holders of more
 * than 5 % and the directors and officers (Item 403). Which lists the form requires, under which
 * headings, and the words a question asks for them by are data (form-lists.ts). The list is read
 * from a retrieved page: its table (list-tables.ts), or, where a preliminary prospectus leaves the
 * table's figures blank (Securities Act Rule 430A) and no table is read, the run of firm names its
 * text prints above the "Total" line (list-text.ts). Pure: the retrieved pages are passed in, in
 * retrieval order. The heading in force (list-headings.ts), the name tests (party-names.ts), how a
 * row is said (list-columns.ts) and the ranking of rows (list-rank.ts) live apart.
 */

import type { PageRecord } from '@asks1/shared/contract/chunk'
import { pageTag } from '@asks1/shared/contract/citations'
import { FORM_SECTIONS } from '@asks1/shared/retrieval/vocabulary'
import type { SearchHit } from '@asks1/shared/store'
import { FORM_LISTS, type FormList } from './form-lists'
import type { ListAnswer } from './list-answer'
import { openingHeading } from './list-headings'
import { extremeLines, moreLine } from './list-rank'
import { type Following, tableList } from './list-tables'
import { textList } from './list-text'
import type { QuestionAnalysis } from './question'
import { stemsOf } from './stems'

// What the answer path and the tests take from here; each lives in the module named for its job.
export type { ListAnswer } from './list-answer'
export { openingHeading } from './list-headings'
export { MAX_CONTINUED_PAGES } from './list-tables'
export { isFirmName, isPersonName } from './party-names'

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
