/**
 * The heading a list is printed under (name-lists.ts): a page's heading lines, and the part of one
 * naming the standard section that prints the list. Pure.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { isHeading } from '@asks1/shared/contract/headings'
import { formSectionOf, PATH_SEP } from '@asks1/shared/retrieval/vocabulary'
import type { SearchHit } from '@asks1/shared/store'
import type { FormList } from './form-lists'

/**
 * A page's heading lines ("UNDERWRITING"), by the one heading test the chunker uses (not the running
 * "TABLE OF CONTENTS"). On the four dev filings it finds every line the capitals-only pattern used
 * here before found, and 38 more ("NOTES TO … (CONTINUED)", "U.S. FEDERAL …"), none on a page
 * printing a list: the lists read are the same.
 */
export const headingLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(isHeading)

/**
 * The part of a heading (or a section path) naming the standard section that prints the list, as
 * printed; null when it names another.
 */
export const printsUnder = (list: FormList, heading: string | null) =>
  heading?.split(PATH_SEP).find((part) => formSectionOf(part)?.id === list.section) ?? null

/**
 * The heading a list at `at` (an offset of the page text) is printed under: the last heading line
 * of the page before it, else the section of a retrieved passage covering the page (a table
 * continued from the page before prints no heading of its own).
 */
export function headingAt(page: PageRecord, at: number, hits: readonly SearchHit[]): string | null {
  const above = headingLines(page.text.slice(0, Math.max(0, at))).at(-1)
  if (above) return above
  const hit = hits.find((h) => h.chunk.pages.includes(page.label) && h.chunk.section)
  return hit?.chunk.section ?? null
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
