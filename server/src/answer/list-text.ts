/**
 * A list read from a page's text (name-lists.ts): where a preliminary prospectus leaves the
 * underwriting table's figures blank (Securities Act Rule 430A) the reader sees no table, only the
 * run of firm names printed above the "Total" line. Pure.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import type { FormList } from './form-lists'
import { capped, type ListAnswer } from './list-answer'
import { headingAt, printsUnder } from './list-headings'
import { cleanName, DESIGNATORS, designatorOf, isFirmName } from './party-names'

/**
 * A list the page's text prints as a column of firm names closed by its "Total" line, when no
 * table is read there (a preliminary prospectus leaves the shares column blank, so the reader sees
 * no figures and no table). A line holding only a designator ("Incorporated") ends the name above it.
 */
export function textList(list: FormList, page: PageRecord, hits: readonly SearchHit[]): ListAnswer | null {
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
