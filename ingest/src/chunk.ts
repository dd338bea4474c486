/**
 * Body pages to tagged chunks: 400 words with a 100-word overlap (or, with `sections`, cut at the
 * filing's section headings and windowed so within each section: windows.ts), an inline `[p.N]` tag
 * at each printed page start and at the chunk start, the section path the chunk falls under, and an
 * id that depends only on the filing and the chunk's content (so re-ingesting the same file gives
 * the same ids).
 */
import { createHash } from 'node:crypto'
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { pageTag } from '@asks1/shared/contract/citations'
import {
  MAX_HEADING_WORDS,
  NAVIGATION_LINE as NAVIGATION,
  PLACEHOLDER_LINE as PLACEHOLDER,
  tidyHeading as tidy,
} from '@asks1/shared/contract/headings'
import {
  figuresRow,
  isHeading,
  isTitleHeading,
  printedByTable,
  SectionPath,
  TableHeader,
  tableLine,
} from './headings'
import { ExhibitLists, isChunked } from './matter'
import { sectionWindows, windows } from './windows'

export { isHeading, isTitleHeading } from './headings'

export const CHUNK_WORDS = 400
export const CHUNK_OVERLAP = 100
/**
 * With `sections`, a run of sections shorter than this is packed with the next ones while they fit
 * (windows.ts `pack`): at the chunk's size, short sections fill a chunk. Measured at 0, 100, 200
 * and 400 (docs/retrieval.md, round 9): 0 leaves heading-only fragments of 2 to 10 words.
 */
export const CHUNK_PACK = CHUNK_WORDS

/** A UUID-shaped digest: Qdrant point ids must be UUIDs or integers, SQLite takes any text. */
export function chunkId(filing: string, text: string, occurrence: number): string {
  const hex = createHash('sha256').update(`${filing}\u0000${text}\u0000${occurrence}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export interface ChunkOptions {
  filing: string
  version: string
  words?: number
  overlap?: number
  /**
   * Chunks stop at section headings (the feature `chunksections`, RETRIEVAL_ON=chunksections at
   * ingest; off by default: docs/retrieval.md, round 9); unset, windows run over the whole body.
   */
  sections?: boolean
  /** Words under which a section is packed with the next ones (default CHUNK_PACK). */
  pack?: number
}

interface Word {
  text: string
  /** Index of its page in the body. */
  page: number
}

/** Where a section starts: the body's word index and the section path from there on. */
interface Heading {
  at: number
  text: string
}

/** Chunks the pages `isChunked` takes (body, labelled back matter), leaving exhibit lists out. */
export function chunkPages(pages: PageRecord[], opts: ChunkOptions): Chunk[] {
  const size = opts.words ?? CHUNK_WORDS
  const overlap = opts.overlap ?? CHUNK_OVERLAP
  if (overlap >= size) throw new Error('chunk overlap must be smaller than the chunk size')
  const body = pages.filter(isChunked)
  const { words, headings } = readBody(body)
  const bySection = opts.sections === true
  const ranges = bySection
    ? sectionWindows(words.length, headings, { size, overlap, pack: opts.pack ?? CHUNK_PACK })
    : windows(words.length, size, overlap)
  const chunks: Chunk[] = []
  const seen = new Map<string, number>()
  for (const [start, end] of ranges) {
    const { text, covered } = taggedText(words, body, start, end)
    const occurrence = seen.get(text) ?? 0
    seen.set(text, occurrence + 1)
    // Headings that start inside the chunk, before the next chunk starts (one there is the next
    // chunk's, which holds what follows it): the chunk belongs to those sections too. Cut at
    // sections, only packed short sections start inside a chunk, and the next chunk starts at its end.
    const { section, inner } = bySection
      ? sectionsOf(headings, start, end, true)
      : sectionsOf(headings, start, Math.min(end, start + size - overlap))
    const coveredPages = covered.map((i) => body[i] as PageRecord)
    const pdfPages = [...new Set(coveredPages.flatMap((p) => p.pdfPages))].sort((a, b) => a - b)
    chunks.push({
      id: chunkId(opts.filing, text, occurrence),
      filing: opts.filing,
      version: opts.version,
      ordinal: chunks.length,
      text,
      pages: coveredPages.map((p) => p.label),
      pdfPages,
      section,
      fallback: coveredPages.some((p) => p.fallback === true),
      ...(inner.length > 0 ? { innerSections: [...new Set(inner)] } : {}),
    })
  }
  return chunks
}

/**
 * The body's words, in reading order, and the headings among its lines. Left out: EDGAR's "Table of
 * Contents" back-link, which tops every page (navigation, not content), and the exhibit lists.
 */
function readBody(body: readonly PageRecord[]): { words: Word[]; headings: Heading[] } {
  const exhibits = new ExhibitLists()
  const words: Word[] = []
  const trail = new HeadingTrail()
  body.forEach((page, pi) => {
    const header = new TableHeader()
    for (const line of page.text.split('\n')) {
      const text = line.trim()
      if (NAVIGATION.test(text) || exhibits.skips(text, page.label)) continue
      // Image placeholders (Chrome prints the ALT text, "LOGO") neither head nor break a heading.
      if (!PLACEHOLDER.test(text)) {
        trail.read(text, words.length, page.tables, header)
        header.read(text)
      }
      for (const w of line.split(/\s+/)) if (w) words.push({ text: w, page: pi })
    }
    trail.endPage()
  })
  return { words, headings: trail.headings }
}

/** The headings read so far, each as the section path it starts, in reading order. */
class HeadingTrail {
  readonly headings: Heading[] = []
  private readonly path = new SectionPath()
  /**
   * A heading printed over several lines is one heading; a longer run of capitals is a legend or a
   * disclaimer in capitals, not a heading.
   */
  private run: { at: number; parts: string[]; before: string | null } | null = null
  /** The last line read that is neither blank nor in capitals. */
  private last: string | null = null
  /**
   * A title-case line after a lead-in ending in a colon (TableHeader `introduced`): a heading
   * unless the line under it is a table's, which makes it the header row of the table introduced.
   */
  private pending: Heading | null = null
  /**
   * Inside the rows of a table so introduced (its header row dropped): a title-case line there is a
   * row ("Adobe Systems Intuit" in a peer group printed in columns, a signatory's name), until a
   * line that is no table's (a sentence, a capitals heading) or the page's end.
   */
  private rows = false

  /** A line read at word `at` of the body, on a page printing `tables`, with its table header state. */
  read(text: string, at: number, tables: PageRecord['tables'], header: TableHeader): void {
    this.settle(text)
    if (this.rows && text !== '' && (isHeading(text) || !tableLine(text))) this.rows = false
    if (isHeading(text)) {
      if (this.run) this.run.parts.push(text)
      else this.run = { at, parts: [text], before: this.last }
      return
    }
    this.closeRun(text)
    if (text !== '') this.last = text
    if (isTitleHeading(text) && !printedByTable(text, tables) && !header.holds(text)) {
      if (header.introduced) this.pending = { at, text: tidy(text) }
      else if (!this.rows) this.add(at, tidy(text))
    }
  }

  /** A page's end: a pending line and a run of capitals are headings (nothing under them says otherwise). */
  endPage(): void {
    this.settle(null)
    this.rows = false
    this.closeRun()
  }

  /** Decides the pending line by `next`, the line printed under it (null at a page's end; blank lines wait). */
  private settle(next: string | null): void {
    const pending = this.pending
    if (!pending || next === '') return
    this.pending = null
    if (next === null || isHeading(next) || !tableLine(next)) this.add(pending.at, pending.text)
    else this.rows = true
  }

  /** Ends a run of lines in capitals (at a page's end, or a line not in capitals). */
  private closeRun(next: string | null = null): void {
    const run = this.run
    this.run = null
    // A line in capitals between two rows of figures is a row's label ("GAAP" over a table's
    // rows: Boeing's 10-K made it a section holding MD&A), not a heading.
    if (run && run.parts.length === 1 && figuresRow(run.before) && figuresRow(next)) return
    if (run && run.parts.join(' ').split(/\s+/).length <= MAX_HEADING_WORDS)
      this.add(run.at, tidy(run.parts.join(' ')))
  }

  private add(at: number, text: string): void {
    this.path.push(text)
    this.headings.push({ at, text: this.path.current as string })
  }
}

/**
 * A chunk's text: its words, with the printed page's tag at its start and at each page start inside
 * it; and the pages it covers (indexes into the body), in order.
 */
function taggedText(
  words: readonly Word[],
  body: readonly PageRecord[],
  start: number,
  end: number,
): { text: string; covered: number[] } {
  const parts: string[] = []
  const covered: number[] = []
  for (let i = start; i < end; i++) {
    const w = words[i] as Word
    if (i === start || w.page !== (words[i - 1] as Word).page) {
      parts.push(pageTag((body[w.page] as PageRecord).label))
      covered.push(w.page)
    }
    parts.push(w.text)
  }
  return { text: parts.join(' '), covered }
}

/**
 * The section path a chunk starting at word `start` falls under (the last heading at or before it),
 * and the paths of the headings after that which start before `innerEnd` (`distinct`: leaving out a
 * running head that repeats the chunk's own path).
 */
function sectionsOf(
  headings: readonly Heading[],
  start: number,
  innerEnd: number,
  distinct = false,
): { section: string | null; inner: string[] } {
  let h = -1
  while (h + 1 < headings.length && (headings[h + 1] as Heading).at <= start) h++
  const section = h >= 0 ? (headings[h] as Heading).text : null
  const inner: string[] = []
  for (let j = h + 1; j < headings.length && (headings[j] as Heading).at < innerEnd; j++) {
    const text = (headings[j] as Heading).text
    if (!distinct || text !== section) inner.push(text)
  }
  return { section, inner }
}
