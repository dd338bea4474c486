/**
 * Section headings and the section path of a chunk. Filings print top-level sections in capitals
 * (`RISK FACTORS`) or as numbered items (`Item 7. Management's Discussion …`), and their
 * subsections in title case (`Liquidity and Capital Resources`, `Employees`); both are found, and
 * a chunk knows the path it falls under ("MANAGEMENT'S DISCUSSION … › Results of Operations").
 */

import { isHeading, NOT_HEADINGS } from '@asks1/shared/contract/headings'
import { readPrintedLabel } from '@asks1/shared/contract/page-label'
import type { Table } from '@asks1/shared/contract/tables'
import { formSectionOf, PATH_SEP, statementTitleOf, tidyTitle } from '@asks1/shared/retrieval/vocabulary'

// A heading in capitals is one idea shared with the amendment report (shared/src/contract/headings).
export { isHeading }

/** Words a title-case heading may print in lower case ("Liquidity and Capital Resources"). */
const MINOR = new Set(
  'a an and as at by for from in into of on or our the to with its their under per vs versus'.split(' '),
)
/**
 * Last words that need a next one: a minor word, or a period column's "Ended" ("Three Months
 * Ended" awaits its date); a line ending so is broken mid-phrase or heads a table's column.
 */
const NEEDS_NEXT = new Set([...MINOR, 'ended', 'ending'])
const ITEM = /^item\s+\d{1,2}[a-c]?\s*[.:\-–—]\s*/i

/**
 * A title-case heading: 2–12 words, every word of four letters or more capitalised, no figures,
 * no closing punctuation. One word only when it is a standard section's title ("Employees"): a
 * lone capitalised word is otherwise as likely a name or a table label.
 *
 * What a heading's typography rules out: a bullet or a lower-case word first (a list item, a
 * sentence's tail), a semicolon, a last word that needs a next one ("Reconciliation of Net Loss
 * to", "Three Months Ended", "General Corporation Law; or": a line broken mid-phrase), an unclosed bracket ("Deficit)
 * Equity": a table's column headers), a line that repeats itself, a full stop before a closing quote (a cross-reference's
 * tail, "Share-based Compensation.”").
 */
export function isTitleHeading(line: string): boolean {
  const text = line.trim()
  if (text.length < 4 || text.length > 120) return false
  const body = text.replace(ITEM, '')
  // Figures, and a table's column units ("Options (#)"), mark a table's header, not a heading.
  if (/[.,;:]$/.test(body.replace(/[”’"']+$/, '')) || /[$%#\d;]/.test(body)) return false
  if (/^["“‘'(•●▪◦·*–—-]/.test(body) || readPrintedLabel(text)) return false
  if ((body.match(/\(/g) ?? []).length !== (body.match(/\)/g) ?? []).length) return false
  const words = body.split(/\s+/)
  if (words.length > 12) return false
  // A statement's or the notes' title in sentence case ("Notes to consolidated financial
  // statements", CAMP4): a whole line that is a statement's title heads it, whatever its case.
  if (/^\p{Lu}/u.test(body) && statementTitleOf(body) !== null && !repeatsItself(words)) return true
  let capitalised = 0
  for (const [i, w] of words.entries()) {
    const letters = w.replace(/[^\p{L}]/gu, '')
    if (!letters) continue
    if (/^\p{Lu}/u.test(letters)) {
      if (letters.length >= 4) capitalised++
    } else if (i === 0 || letters.length >= 4 || !MINOR.has(letters.toLowerCase())) return false
  }
  if (capitalised === 0) return false
  if (repeatsItself(words)) return false
  if (words.length > 1 && NEEDS_NEXT.has((words.at(-1) as string).toLowerCase())) return false
  if (words.length === 1 || capitalised === 1) return ITEM.test(text) || formSectionOf(body) !== null
  return !NOT_HEADINGS.test(body)
}

/**
 * A line that repeats itself heads repeated columns: a word thrice ("Unrealized Unrealized
 * Unrealized"), a word or run of words printed twice in a row ("Unexercised Unexercised Option
 * Option", "Shares Amount Shares Amount"), or a word printed again with no minor word between, as
 * two columns' headers side by side print it ("Option Awards Stock Awards", "Options Outstanding
 * Options Exercisable", "Operating Leases Capital Leases"). Headings repeat words across a minor
 * one ("Cash and Cash Equivalents", "Reconciliation of Net Loss to Non-GAAP Net Loss").
 */
function repeatsItself(words: readonly string[]): boolean {
  const lower = words.map((w) => w.toLowerCase())
  const counts = new Map<string, number>()
  for (const w of lower) counts.set(w, (counts.get(w) ?? 0) + 1)
  if ([...counts].some(([w, n]) => n >= 3 && !MINOR.has(w))) return true
  for (let k = 1; 2 * k <= lower.length; k++)
    for (let i = 0; i + 2 * k <= lower.length; i++)
      if (lower.slice(i, i + k).every((w, j) => w === lower[i + k + j])) return true
  return lower.some((w, i) => {
    if (MINOR.has(w)) return false
    const next = lower.slice(i + 1)
    const stop = next.findIndex((x) => MINOR.has(x))
    return (stop < 0 ? next : next.slice(0, stop)).includes(w)
  })
}

/** Footnote references ("Offering(1)"), which a heading or a column's header may carry. */
const FOOTNOTE_REF = /\(\d{1,2}\)/g

/**
 * A short line that is no sentence, no heading and no table row: a piece of a column's header,
 * which a table prints over several lines, each a horizontal slice through its header cells.
 */
function shortLine(text: string): boolean {
  return (
    !/[.:;?!,]["”’)]*$/.test(text) &&
    !/\d/.test(text.replace(FOOTNOTE_REF, '')) &&
    text.split(/\s+/).length <= HEADER_LINE_WORDS
  )
}
const HEADER_LINE_WORDS = 8

/**
 * A short line broken off mid-phrase as only a header cell is: it ends needing a next word or with
 * a hyphen or slash ("Number of", "Weighted-", "Charged/"),
 * prints a column's unit ("Stock (#)"), a footnote reference before more words (one cell's end,
 * the next cell's start: "Prior to the Offering(1) Shares"), an unclosed bracket, or, in capitals
 * as cells are, repeats itself as side-by-side columns do ("Preferred Stock Common Stock Additional").
 */
function brokenOff(text: string): boolean {
  if (!text || !shortLine(text)) return false
  const words = text.split(/\s+/)
  if (/[-/‐]$/.test(text)) return true
  if (NEEDS_NEXT.has((words.at(-1) as string).toLowerCase())) return true
  if (/\((?:#|\$|%)\)/.test(text) || /\(\d{1,2}\)\s+\S/.test(text)) return true
  if ((text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length) return true
  return /^\p{Lu}/u.test(text) && repeatsItself(words)
}

/**
 * Whether the lines of a page read so far leave it inside a table's header: a line broken off as
 * only a header cell is starts one, and the short lines after it continue it (a title-case line
 * among them is the rest of a column's header: "Beneficially" / "Owned Percent"), until a
 * sentence, a longer line or a row of figures. Needed beside `printedByTable` because the table
 * reader does not always find the table, or all its columns (a PDF's header cells it cannot
 * place, a header row spanning columns). Read every line of a page in order with `read`.
 */
export class TableHeader {
  private inside = false
  private last = ''

  /**
   * Whether a title-case line read next is a piece of a table's header. Not a numbered item, nor a
   * standard section's title printed over two lines ("Consolidated Statements of Convertible
   * Preferred Stock and" / "Stockholders' Deficit"), which are headings.
   */
  holds(line: string): boolean {
    const text = line.trim()
    if (!this.inside || ITEM.test(text)) return false
    return formSectionOf(`${this.last} ${text}`) === null
  }

  read(line: string): void {
    const text = line.trim()
    if (brokenOff(text)) this.inside = true
    else if (!shortLine(text)) this.inside = false
    this.last = text
  }

  /**
   * Whether the last line read ends in a colon, which announces what follows ("The following table
   * provides information regarding our executive officers and directors as of January 1, 2012:"): a
   * title-case line then is the first line of what it introduces, the header row of a table ("Name
   * Age Position(s)") or a list's first entry, when the line under it is a table's (`tableLine`).
   * A section's heading follows a sentence's end, not a colon.
   */
  get introduced(): boolean {
    return this.last.endsWith(':')
  }
}

/** Most words of a table's row printed on one line; a line of running text holds more. */
const ROW_WORDS = 12

/**
 * A line a table prints under its header row: more of the header (a short line: "Total Less Than",
 * "Adobe Systems Intuit") or a row, no sentence and no list item, short, printing a figure or dot
 * leaders ("Mark Zuckerberg 27 Chairman and CEO", "Computer hardware … ........ Two to four years").
 * Under a heading, running text follows: a paragraph's line, longer, or a bulleted item.
 */
export function tableLine(line: string): boolean {
  const text = line.trim()
  if (!text || /^[•●▪◦·*–—-]/.test(text)) return false
  if (shortLine(text) || /\.{4,}/.test(text)) return true
  return !/[.:;?!,]["”’)]*$/.test(text) && /\d/.test(text) && text.split(/\s+/).length <= ROW_WORDS
}

/** A table's row: two figures or more, the last at the line's end ("Revenues $66,608 $62,286"). */
export const figuresRow = (line: string | null): boolean =>
  line !== null && (line.match(/\(?\$?\d[\d,.]*\)?\s*%?/g) ?? []).length >= 2 && /\d\)?\s*%?$/.test(line)

/**
 * A line the page's tables print as their own: a row's label as printed ("Mark Zuckerberg" in the
 * beneficial owners' table; case kept, so the heading "Sales and Marketing" over a table whose row is
 * "Sales and marketing" stays a heading), or a line of column headers that runs across columns:
 * every word in the table's column labels, but no one label holding them all ("Public Being Public",
 * "Shares Amount Shares Amount"). In title case, but a table's line, not a section's.
 */
export function printedByTable(line: string, tables: readonly Table[] | undefined): boolean {
  if (!tables?.length) return false
  const tidyLine = line.replace(/\s+/g, ' ').trim()
  const wordsOf = (s: string) => new Set(s.toLowerCase().match(/\p{L}+/gu) ?? [])
  const words = [...wordsOf(tidyLine)]
  if (words.length === 0) return false
  return tables.some((t) => {
    if (t.rows.some((r) => r.label.replace(/\s+/g, ' ').trim() === tidyLine)) return true
    const labels = t.columns.map((c) => wordsOf(c.label))
    const inHeader = words.every((w) => labels.some((l) => l.has(w)))
    return inHeader && !labels.some((l) => words.every((w) => l.has(w)))
  })
}

/** Standard sections that sit under another (Employees under Business, Liquidity under MD&A). */
const SUBSECTIONS = new Set([
  'results-of-operations',
  'liquidity',
  'employees',
  'properties',
  'legal-proceedings',
  'notes',
])

/** The financial statements and their notes (vocabulary.ts ids). */
const STATEMENTS = new Set([
  'financial-statements',
  'balance-sheet',
  'income-statement',
  'cash-flow-statement',
  'equity-statement',
  'notes',
])

/**
 * 1 for a top-level heading, 2 for a subsection heading. A numbered item ("Item 2. Properties") is
 * a part of the form, top-level whatever it names; a standard subsection's title unnumbered
 * (Employees, Properties, Legal Proceedings: S-K Items 101–103, which Form S-1 Item 11 prints
 * within the description of business) is a subsection, in capitals or title case.
 */
export function headingLevel(heading: string): 1 | 2 {
  if (ITEM.test(heading)) return 1
  if (!/\p{Ll}/u.test(heading)) {
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
    // The top-level title again, as a page's running head ("Notes to Financial Statements –
    // (Continued)"): the subsection it interrupts goes on.
    if (this.top !== null && tidyTitle(heading) === tidyTitle(this.top)) return
    if (
      (headingLevel(heading) === 1 && !this.subsectionOfTop(heading)) ||
      this.notesAfterStatement(heading) ||
      this.nextStatement(heading)
    ) {
      this.top = heading
      this.sub = null
    } else this.sub = heading
  }

  /**
   * A title-case, unnumbered heading that names no financial statement is a subsection of the
   * top-level section it falls in, even one naming another standard section, when that section is:
   * - the financial statements and their notes: there it is a note's caption ("Legal Proceedings"
   *   under commitments and contingencies, "Dividends" under stockholders' equity), not the start of
   *   that section; the statements end only at a heading in capitals or a numbered item;
   * - headed in capitals: a filing that sets its sections in capitals sets its subsections in title
   *   case ("Dividends" in the tax section, "Executive Officers and Directors" under MANAGEMENT).
   * A statement's own title starts its section in either case, as filings print them.
   */
  private subsectionOfTop(heading: string): boolean {
    if (this.top === null || ITEM.test(heading) || !/\p{Ll}/u.test(heading)) return false
    const next = formSectionOf(heading)
    if (next && STATEMENTS.has(next.id)) return false
    const top = formSectionOf(this.top)
    return (top !== null && STATEMENTS.has(top.id)) || !/\p{Ll}/u.test(this.top.replace(ITEM, ''))
  }

  /**
   * Inside the financial statements, a statement's title printed bare or qualified ("Balance
   * Sheets", "Statements of Cash Flows" of a registrant without subsidiaries; "Condensed
   * Consolidated Balance Sheets" of the interim statements) starts that statement, as the
   * consolidated title does: Pandora's statements and notes were all "Report of Independent
   * Registered Public Accounting Firm", CAMP4's notes and interim statements "Consolidated
   * Statements of Cash Flows".
   */
  private nextStatement(heading: string): boolean {
    if (this.top === null || ITEM.test(heading)) return false
    const top = statementTitleOf(this.top) ?? formSectionOf(this.top)
    const next = statementTitleOf(heading)
    return top !== null && STATEMENTS.has(top.id) && next !== null && next.id !== 'notes'
  }

  /** The notes follow the last statement, not sit under it: they hold far more than that statement. */
  private notesAfterStatement(heading: string): boolean {
    const top = this.top === null ? null : (statementTitleOf(this.top) ?? formSectionOf(this.top))
    return (
      top !== null &&
      top.id !== 'financial-statements' &&
      STATEMENTS.has(top.id) &&
      statementTitleOf(heading)?.id === 'notes'
    )
  }

  get current(): string | null {
    const parts = [this.top, this.sub].filter((p): p is string => p !== null)
    return parts.length ? parts.join(PATH_SEP) : null
  }
}
