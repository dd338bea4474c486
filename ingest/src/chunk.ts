/**
 * Body pages to tagged chunks: 400 words with a 100-word overlap, an inline `[p.N]` tag at each printed
 * page start and at the chunk start, the section path the chunk falls under, and an id that depends
 * only on the filing and the chunk's content (so re-ingesting the same file gives the same ids).
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
import { isHeading, isTitleHeading, printedByTable, SectionPath, TableHeader } from './headings'
import { ExhibitLists, isChunked } from './matter'

export { isHeading, isTitleHeading } from './headings'

export const CHUNK_WORDS = 400
export const CHUNK_OVERLAP = 100

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
}

interface Word {
  text: string
  page: number
}

/** Chunks the pages `isChunked` takes (body, labelled back matter), leaving exhibit lists out. */
export function chunkPages(pages: PageRecord[], opts: ChunkOptions): Chunk[] {
  const size = opts.words ?? CHUNK_WORDS
  const overlap = opts.overlap ?? CHUNK_OVERLAP
  if (overlap >= size) throw new Error('chunk overlap must be smaller than the chunk size')
  const body = pages.filter(isChunked)
  const exhibits = new ExhibitLists()
  const words: Word[] = []
  /** (first word index, section path from there on) in reading order. */
  const headings: { at: number; text: string }[] = []
  const path = new SectionPath()
  const addHeading = (at: number, text: string) => {
    path.push(text)
    headings.push({ at, text: path.current as string })
  }
  // A heading printed over several lines is one heading; a longer run of capitals is a legend or a
  // disclaimer in capitals, not a heading.
  let run: { at: number; parts: string[] } | null = null
  const closeRun = () => {
    if (run && run.parts.join(' ').split(/\s+/).length <= MAX_HEADING_WORDS)
      addHeading(run.at, tidy(run.parts.join(' ')))
    run = null
  }
  body.forEach((page, pi) => {
    const header = new TableHeader()
    for (const line of page.text.split('\n')) {
      const text = line.trim()
      // EDGAR's "Table of Contents" back-link tops every page: navigation, not content.
      if (NAVIGATION.test(text)) continue
      if (exhibits.skips(text, page.label)) continue
      // Image placeholders (Chrome prints the ALT text, "LOGO") neither head nor break a heading.
      if (!PLACEHOLDER.test(text)) {
        if (isHeading(text)) {
          if (run) run.parts.push(text)
          else run = { at: words.length, parts: [text] }
        } else {
          closeRun()
          if (isTitleHeading(text) && !printedByTable(text, page.tables) && !header.holds(text))
            addHeading(words.length, tidy(text))
        }
        header.read(text)
      }
      for (const w of line.split(/\s+/)) if (w) words.push({ text: w, page: pi })
    }
    closeRun()
  })

  const chunks: Chunk[] = []
  const seen = new Map<string, number>()
  let h = -1
  for (let start = 0; start < words.length; start += size - overlap) {
    const end = Math.min(start + size, words.length)
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
    while (h + 1 < headings.length && (headings[h + 1] as { at: number }).at <= start) h++
    // Headings that start inside the chunk, before the next chunk starts (one there is the next
    // chunk's, which holds what follows it): the chunk belongs to those sections too.
    const inner: string[] = []
    const innerEnd = Math.min(end, start + size - overlap)
    for (let j = h + 1; j < headings.length && (headings[j] as { at: number }).at < innerEnd; j++)
      inner.push((headings[j] as { text: string }).text)
    const text = parts.join(' ')
    const occurrence = seen.get(text) ?? 0
    seen.set(text, occurrence + 1)
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
      section: h >= 0 ? (headings[h] as { text: string }).text : null,
      fallback: coveredPages.some((p) => p.fallback === true),
      ...(inner.length > 0 ? { innerSections: [...new Set(inner)] } : {}),
    })
    if (end === words.length) break
  }
  return chunks
}
