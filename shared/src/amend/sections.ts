/**
 * A version's printed pages as a list of sections, each a run of words that remember their printed
 * page. Pagination is dropped on purpose: an amendment that adds a paragraph on p.4 moves every later
 * word to another page, and that is not a change a reader wants reported.
 *
 * Page furniture is left out too: EDGAR's "Table of Contents" back-links, and a short numbered footer
 * line closing a page that the page reader did not take as the printed label (`F-10, III-2`), since both
 * move with the page breaks.
 */
import { UNNUMBERED_PAGE } from '../contract/changes'
import type { PageRecord } from '../contract/chunk'
import {
  isHeading,
  MAX_HEADING_WORDS,
  NAVIGATION_LINE,
  PLACEHOLDER_LINE,
  tidyHeading,
} from '../contract/headings'

export interface Word {
  text: string
  /** Printed label of the page the word is printed on. */
  page: string
}

export interface Section {
  /** Heading path: `[part, heading]` under a `PART II`-style heading, else `[heading]`; `[]` before the first. */
  path: string[]
  /** Alignment key: the heading, case and spacing folded. */
  key: string
  /** The heading's words first, then the body's. */
  words: Word[]
  /** Position in the version, 0-based. */
  index: number
}

/** A heading that opens a part of the document (`PART II`, `FORM F-3 PART II`), parent of what follows. */
const PART_HEADING = /\bPART\s+[IVX\d]+\b/

/** The last line of a page that is a footer, not text: short, numbered, no lower-case words. */
function isFooterLine(line: string): boolean {
  return line.split(/\s+/).length <= 3 && /\d/.test(line) && !/[a-z]/.test(line)
}

const keyOf = (heading: string) => heading.toLowerCase().replace(/\s+/g, ' ').trim()

/** A page as the report reads it; `fallback` pages have no printed number (see UNNUMBERED_PAGE). */
export type ReportPage = Pick<PageRecord, 'label' | 'text'> & Partial<Pick<PageRecord, 'matter' | 'fallback'>>

/** The label a page's words are cited by: its printed label, or its part of the document when unnumbered. */
function citedLabel(page: ReportPage, anyPrinted: boolean): string {
  if (!page.fallback || !anyPrinted) return page.label
  return UNNUMBERED_PAGE[page.matter ?? 'body']
}

/** Pure: pages in document order → sections in document order. */
export function splitSections(pages: readonly ReportPage[]): Section[] {
  const anyPrinted = pages.some((p) => !p.fallback)
  const sections: Section[] = []
  let part: string | null = null
  let current: Section = { path: [], key: '', words: [], index: 0 }
  sections.push(current)
  let run: { lines: string[]; words: Word[] } | null = null

  const open = (heading: string, words: Word[]) => {
    if (PART_HEADING.test(heading)) part = heading
    const path = part && part !== heading ? [part, heading] : [heading]
    current = { path, key: keyOf(heading), words: [...words], index: sections.length }
    sections.push(current)
  }
  const closeRun = () => {
    if (!run) return
    const heading = tidyHeading(run.lines.join(' '))
    if (heading.split(' ').length <= MAX_HEADING_WORDS) open(heading, run.words)
    else current.words.push(...run.words)
    run = null
  }

  for (const page of pages) {
    const label = citedLabel(page, anyPrinted)
    const lines = page.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !NAVIGATION_LINE.test(l))
    const last = lines.length - 1
    lines.forEach((line, i) => {
      if (i === last && i > 0 && isFooterLine(line)) return
      const words = line
        .split(/\s+/)
        .filter(Boolean)
        .map((text) => ({ text, page: label }))
      if (PLACEHOLDER_LINE.test(line)) return
      if (isHeading(line)) {
        run ??= { lines: [], words: [] }
        run.lines.push(line)
        run.words.push(...words)
        return
      }
      closeRun()
      current.words.push(...words)
    })
    // A heading run is not closed at a page end: a heading broken across a page break is one heading.
  }
  closeRun()
  // The untitled start (before the first heading) is dropped when empty.
  return sections.filter((s) => s.key !== '' || s.words.length > 0).map((s, index) => ({ ...s, index }))
}
