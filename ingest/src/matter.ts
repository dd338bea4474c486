/**
 * The matter stage: which printed pages are front matter, body or back matter, and what that means
 * for the stages after it. Front: the cover, underwriters and table of contents, i.e. everything
 * before the first page of the main (arabic) sequence, plus any roman-numbered pages. Back: Part II
 * (`II-n` pages or a `PART II` heading), the exhibit index, signatures, and unnumbered text after the
 * last printed page. Front matter is not chunked (the cover and its table of contents); back matter
 * is the filing's own text (Part II's items, the signatures that name the chief executive and the
 * directors) and is chunked when it has a printed page to cite, all but its lists of exhibits
 * (`ExhibitLists`).
 *
 * `trimMatter` runs once per filing (readPages calls it on the assembled pages); `pagesFor` is how
 * the ingest pipeline picks the pages it chunks and the pages it stores.
 */
import type { Matter, PageRecord } from '@asks1/shared/contract/chunk'
import {
  comparePageLabels,
  PRINTED_LABEL_PATTERN,
  parsePageLabel,
  readPrintedLabel,
} from '@asks1/shared/contract/page-label'
import type { Line } from './layout'
import type { RawPage } from './paging'

export interface MatterOptions {
  /** Forces the front cut: pages lying wholly on the first N physical pages are front matter. */
  skipPages?: number
}

export interface TrimmedPage extends RawPage {
  matter: Matter
}

/**
 * The stage: a contents page that shares printed page 1 with the cover is split off as an unlabelled
 * front page, then every page is marked front, body or back.
 */
export function trimMatter(pages: RawPage[], opts: MatterOptions = {}): TrimmedPage[] {
  const split = splitLeadingFront(pages)
  const matter = assignMatter(split, opts)
  return split.map((p, i) => ({ ...p, matter: matter[i] ?? 'body' }))
}

/** Pages trimmed as front and back matter (the report's `trimmed`). */
export function countTrimmed(pages: readonly { matter: Matter }[]): { front: number; back: number } {
  return {
    front: pages.filter((p) => p.matter === 'front').length,
    back: pages.filter((p) => p.matter === 'back').length,
  }
}

/**
 * The pages a later stage takes. `chunk`: the body, and the back matter that carries a printed label
 * (an unnumbered tail, such as an annual report's back cover, has no page a citation could name).
 * `printed`: every page with a printed label (front and back matter included, so a citation of them
 * still checks), or every page when none has one: what the store serves and counts. `store`: every
 * page; an unlabelled one (a cover, Part II, a trailing exhibit list) keeps its fallback mark, so the
 * store serves it to the amendment report only (registration numbers and signatures change there)
 * and it never flags the version as fallback.
 */
export function pagesFor(use: 'chunk' | 'printed' | 'store', pages: PageRecord[]): PageRecord[] {
  if (use === 'chunk') return pages.filter(isChunked)
  if (use === 'store') return pages
  return pages.every((p) => p.fallback) ? pages : pages.filter((p) => !p.fallback)
}

/** Whether a page's text is chunked (see `pagesFor`). */
export function isChunked(p: Pick<PageRecord, 'matter' | 'fallback'>): boolean {
  return p.matter === 'body' || (p.matter === 'back' && p.fallback !== true)
}

/**
 * Headings that open a list of exhibits: an exhibit index, or an S-1's exhibits item (Part II Item
 * 16). A 10-K's Item 15 is not one: it may go on to print the financial statements themselves.
 */
const EXHIBIT_LIST_OPENS = [
  /^(exhibit index|index to exhibits|exhibits index)$/i,
  /^item 16\.?\s+exhibits\b/i,
  // The list inside an item: "(b) Exhibits." (10-K Item 15), "(d) Exhibits." (8-K Item 9.01). Not an
  // exhibit filed with the report under its own number: an 8-K's press release is its substance.
  /^(?:\(?[a-z0-9]{1,3}[.)]\s*)*exhibits[.:]?$/i,
]
/**
 * Headings that close one: the next item or part, the signatures, a financial statement schedule
 * (Regulation S-X Rule 5-04) or the financial statements (their index, the auditor's report). A new
 * page sequence closes it too (`F-1` after an arabic exhibit index).
 */
const EXHIBIT_LIST_ENDS = [
  /^signatures?$/i,
  /^item \d{1,2}[a-z]?\s*[.:\-–—]/i,
  /^part [ivx]+\b/i,
  /^schedule [ivx]+\b/i,
  /^index to (the )?(consolidated )?financial statements\b/i,
  /^report of independent registered public accounting firm$/i,
]

/**
 * Reads lines in document order and says which belong to a list of exhibits. An exhibit list names
 * other documents (charters, agreements, consents, most incorporated by reference from earlier
 * filings) by title and file number: every title is a keyword a question may share ("Underwriting
 * Agreement", "Credit Agreement", "Equity Incentive Plan") while the filing's facts about it are in
 * the body, and an S-1 prints the list twice (Item 16 and the exhibit index). It is the only back
 * matter left out of the chunks.
 */
export class ExhibitLists {
  private openedIn: string | null = null

  /** True when `line`, the next line in reading order, printed on page `label`, is part of an exhibit list. */
  skips(line: string, label: string): boolean {
    const text = line.trim()
    const seq = parsePageLabel(label)?.seq ?? null
    if (this.openedIn !== null && seq !== this.openedIn) this.openedIn = null
    if (text.length <= 80) {
      if (EXHIBIT_LIST_OPENS.some((re) => re.test(text))) this.openedIn = seq ?? ''
      else if (EXHIBIT_LIST_ENDS.some((re) => re.test(text))) this.openedIn = null
    }
    return this.openedIn !== null
  }
}

/** Headings that open back matter; checked only in the last third of the document. */
const BACK_HEADINGS = [
  /^part ii\b.*$/i,
  /^information not required in (the )?prospectus$/i,
  /^signatures?$/i,
  /^(exhibit index|index to exhibits|exhibits index)$/i,
  /^item 15\.? exhibits/i,
]

function opensBack(page: RawPage): boolean {
  // Only the first few lines: a heading that opens the page, not a cross-reference in the text.
  for (const line of page.lines.slice(0, 6)) {
    const text = line.text.trim()
    if (text.length > 80) continue
    if (BACK_HEADINGS.some((re) => re.test(text))) return true
  }
  return false
}

export function assignMatter(pages: RawPage[], opts: MatterOptions = {}): Matter[] {
  const matter: Matter[] = pages.map(() => 'body')
  if (pages.length === 0) return matter
  if (pages.every((p) => p.fallback)) return matter

  // Front: up to the first page of the longest (main) sequence, which is arabic in every filing form.
  const counts = new Map<string, number>()
  for (const p of pages) if (p.seq) counts.set(p.seq, (counts.get(p.seq) ?? 0) + 1)
  const main = counts.has('arabic') ? 'arabic' : [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  let firstBody = pages.findIndex((p) => p.seq === main)
  if (firstBody < 0) firstBody = 0
  for (let i = 0; i < firstBody; i++) matter[i] = 'front'
  for (let i = 0; i < pages.length; i++) if (pages[i]?.seq === 'roman') matter[i] = 'front'
  if (opts.skipPages !== undefined && opts.skipPages > 0) {
    const n = opts.skipPages
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i] as RawPage
      if (p.physical.length > 0 && p.physical.every((x) => x <= n)) matter[i] = 'front'
    }
  }

  // Back: the Part II sequence, a back-matter heading late in the document, and the unnumbered tail.
  let lastNumbered = -1
  for (let i = pages.length - 1; i >= 0; i--)
    if (!pages[i]?.fallback) {
      lastNumbered = i
      break
    }
  let backFrom = lastNumbered + 1
  const partTwo = pages.findIndex((p) => p.seq === 'II')
  if (partTwo >= 0) backFrom = Math.min(backFrom, partTwo)
  const lateStart = Math.floor(pages.length * (2 / 3))
  for (let i = Math.max(lateStart, firstBody + 1); i < backFrom; i++) {
    if (opensBack(pages[i] as RawPage)) {
      backFrom = i
      break
    }
  }
  for (let i = backFrom; i < pages.length; i++) if (matter[i] !== 'front') matter[i] = 'back'
  return matter
}

/** A line ending in a page reference (`Risk factors ...... 15`, `Index to financial statements F-1`, or `15` alone). */
const PAGE_REF = new RegExp(String.raw`(?:^|[\s.])(${PRINTED_LABEL_PATTERN})$`)

/**
 * Where a table of contents ends in `lines`: the index after the last line of the last run of at least
 * five page references that mostly count up (titles between them allowed), or -1. Prose and financial
 * tables do not list ascending page numbers line after line.
 */
export function tocEnd(lines: Line[]): number {
  const refs: { i: number; label: string }[] = []
  lines.forEach((line, i) => {
    const m = PAGE_REF.exec(line.text.trim())
    const label = m ? readPrintedLabel(m[1] as string) : null
    // A contents page lists body pages; a line ending in `i` or `v` is more likely a word or a list item.
    if (label && label.seq !== 'roman') refs.push({ i, label: label.label })
  })
  let end = -1
  let start = 0
  while (start < refs.length) {
    let stop = start
    let ups = 0
    while (stop + 1 < refs.length && (refs[stop + 1]?.i ?? 0) - (refs[stop]?.i ?? 0) <= 4) {
      if (comparePageLabels(refs[stop + 1]?.label ?? '', refs[stop]?.label ?? '') >= 0) ups++
      stop++
    }
    const count = stop - start + 1
    if (count >= 5 && ups >= 0.8 * (count - 1)) end = (refs[stop]?.i ?? 0) + 1
    start = stop + 1
  }
  return end
}

/**
 * The first printed page of the body also holds everything before it that carries no label of its own
 * (a cover, a table of contents). When that includes a table of contents, the text up to the end of the
 * sheet it ends on is split off as an unlabelled front page, so it is not chunked with page 1.
 */
export function splitLeadingFront(pages: RawPage[]): RawPage[] {
  const counts = new Map<string, number>()
  for (const p of pages) if (p.seq) counts.set(p.seq, (counts.get(p.seq) ?? 0) + 1)
  if (!counts.has('arabic')) return pages
  const first = pages.findIndex((p) => p.seq === 'arabic')
  const page = pages[first] as RawPage
  let cut = tocEnd(page.lines)
  if (cut <= 0 || cut >= page.lines.length) return pages
  const sheet = page.lines[cut - 1]?.page
  const nextSheet = page.lines.findIndex((l, i) => i >= cut && l.page !== sheet)
  if (nextSheet > 0) cut = nextSheet
  const rest = page.lines.slice(cut)
  if (rest.reduce((n, l) => n + l.text.split(/\s+/).length, 0) < 50) return pages
  const lead = page.lines.slice(0, cut)
  const front: RawPage = {
    label: String(lead[0]?.page ?? 1),
    seq: null,
    lines: lead,
    physical: [...new Set(lead.map((l) => l.page))],
    interpolated: false,
    fallback: true,
  }
  const markerSheet = page.physical[page.physical.length - 1]
  const body: RawPage = {
    ...page,
    lines: rest,
    physical: [
      ...new Set([...rest.map((l) => l.page), ...(markerSheet !== undefined ? [markerSheet] : [])]),
    ].sort((a, b) => a - b),
  }
  return [...pages.slice(0, first), front, body, ...pages.slice(first + 1)]
}
