/**
 * Section headings and the section path of a chunk. Filings print top-level sections in capitals
 * (`RISK FACTORS`) or as numbered items (`Item 7. Management's Discussion …`), and their
 * subsections in title case (`Liquidity and Capital Resources`, `Employees`); both are found, and
 * a chunk knows the path it falls under ("MANAGEMENT'S DISCUSSION … › Results of Operations").
 */

import { readPrintedLabel } from '@asks1/shared/contract/page-label'
import { formSectionOf, PATH_SEP } from '@asks1/shared/retrieval/vocabulary'

/** Navigation and placeholder lines that look like headings but head nothing. */
const NOT_HEADINGS = /^(table of contents|logo|index|\(continued\)|continued)$/i

/**
 * A heading in capitals: a short line (`RISK FACTORS`, `MANAGEMENT'S DISCUSSION AND ANALYSIS
 * OF …`) that is not a sentence, a label, a number row or a navigation link.
 */
export function isHeading(line: string): boolean {
  const text = line.trim()
  if (text.length < 4 || text.length > 120) return false
  if (/[a-z]/.test(text)) return false
  const letters = (text.match(/\p{Lu}/gu) ?? []).length
  const digits = (text.match(/\d/g) ?? []).length
  if (letters < 4 || digits > letters / 2) return false
  if (/[.,;:]$/.test(text)) return false
  if (text.split(/\s+/).length > 14) return false
  if (readPrintedLabel(text)) return false
  if (/\$|%/.test(text)) return false
  // Table rows with note references (`SMRS-TOPE LLC(6)`) and quoted terms (`“CAMP”`) are not headings.
  if (/\(\d+\)$/.test(text) || /^["“‘']/.test(text)) return false
  return !NOT_HEADINGS.test(text)
}

/** Words a title-case heading may print in lower case ("Liquidity and Capital Resources"). */
const MINOR = new Set(
  'a an and as at by for from in into of on or our the to with its their under per vs versus'.split(' '),
)
const ITEM = /^item\s+\d{1,2}[a-c]?\s*[.:\-–—]\s*/i

/**
 * A title-case heading: 2–12 words, every word of four letters or more capitalised, no figures,
 * no closing punctuation. One word only when it is a standard section's title ("Employees"): a
 * lone capitalised word is otherwise as likely a name or a table label.
 */
export function isTitleHeading(line: string): boolean {
  const text = line.trim()
  if (text.length < 4 || text.length > 120) return false
  const body = text.replace(ITEM, '')
  if (/[.,;:]$/.test(body) || /[$%\d]/.test(body)) return false
  if (/^["“‘'(]/.test(body) || readPrintedLabel(text)) return false
  const words = body.split(/\s+/)
  if (words.length > 12) return false
  let capitalised = 0
  for (const w of words) {
    const letters = w.replace(/[^\p{L}]/gu, '')
    if (!letters) continue
    if (/^\p{Lu}/u.test(letters)) {
      if (letters.length >= 4) capitalised++
    } else if (letters.length >= 4 || !MINOR.has(letters.toLowerCase())) return false
  }
  if (capitalised === 0) return false
  if (words.length === 1 || capitalised === 1) return ITEM.test(text) || formSectionOf(body) !== null
  return !NOT_HEADINGS.test(body)
}

/** Standard sections that sit under another (Employees under Business, Liquidity under MD&A). */
const SUBSECTIONS = new Set(['results-of-operations', 'liquidity', 'employees', 'properties', 'notes'])

/** 1 for a top-level heading, 2 for a subsection heading. */
export function headingLevel(heading: string): 1 | 2 {
  if (ITEM.test(heading) || !/\p{Ll}/u.test(heading)) {
    const s = formSectionOf(heading)
    return s && SUBSECTIONS.has(s.id) ? 2 : 1
  }
  const s = formSectionOf(heading)
  return s && !SUBSECTIONS.has(s.id) ? 1 : 2
}

/** Tracks the path of headings seen so far (a top-level heading and at most one subsection). */
export class SectionPath {
  private top: string | null = null
  private sub: string | null = null

  push(heading: string): void {
    if (headingLevel(heading) === 1) {
      this.top = heading
      this.sub = null
    } else this.sub = heading
  }

  get current(): string | null {
    const parts = [this.top, this.sub].filter((p): p is string => p !== null)
    return parts.length ? parts.join(PATH_SEP) : null
  }
}
