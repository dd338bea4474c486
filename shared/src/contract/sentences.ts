/**
 * Sentences and table rows of tagged chunk text, each with the printed page(s) it sits on.
 * Pure and browser-safe (Intl.Segmenter is in every current browser and Node).
 *
 * Intl.Segmenter (ICU) finds sentence ends, but cuts after "Mr.", "Sheryl K.", "J.P. Morgan" and a
 * company's "Inc." followed by a capital; those breaks are merged back with an abbreviation list. Page tags
 * are taken out before segmenting (so a tag never cuts a sentence) and mapped back by offset, so a
 * sentence that runs across a page break carries both pages. PDF text wraps lines mid-sentence:
 * wrapped lines are joined, while table rows (a label followed by two or more figure cells) stay
 * units of their own.
 */
import { endsInFigureCells, figureCellsEnd } from './figures'
import { PAGE_TAG_RE } from './page-tags'

export interface TextUnit {
  /** Whitespace-normalised text, without page tags. */
  text: string
  /** Printed page where the unit starts, then any page it runs onto. */
  pages: string[]
  /** Where each of `pages` starts in `text` (0 for the first): a part of the unit sits on one page only. */
  pageStarts: number[]
  kind: 'sentence' | 'row'
}

/** Abbreviations that never end a sentence (titles, initials, "No.", "e.g."), lower-cased, no dot. */
const NEVER_FINAL = new Set(
  'mr mrs ms messrs dr prof sen rep gen st no nos vs v e.g i.e cf approx fig jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
)
/** Abbreviations that end a sentence only when a new sentence plainly starts after them. */
const COMPANY_SUFFIX = new Set('inc corp co ltd l.p l.l.c n.a s.a plc u.s u.k jr sr a.m p.m'.split(' '))
/** Words that start English sentences in filings; after "Inc." they mean the sentence really ended. */
const SENTENCE_STARTERS = new Set(
  'the we our in as this these it its for on if such each any there they their under see a an also at to during from since after before while although however no all some other most certain'.split(
    ' ',
  ),
)

const lastToken = (s: string) => /([\p{L}.]+)\.\s*$/u.exec(s)?.[1]?.toLowerCase() ?? ''

/** Whether `after` plainly starts a new sentence ("The", "We", …). */
const startsSentence = (after: string) =>
  SENTENCE_STARTERS.has((/^\s*["“(]?([\p{L}]+)/u.exec(after)?.[1] ?? '').toLowerCase())

/** Whether the ICU break after `before` is wrong and the next segment continues the sentence. */
function continues(before: string, after: string): boolean {
  const word = lastToken(before)
  if (!word) return false
  // A lone capital initial: "Sheryl K. Sandberg", "Class B. Stock" is rare enough to accept.
  if (/(?:^|\s)\p{Lu}\.\s*$/u.test(before)) return true
  if (NEVER_FINAL.has(word)) return true
  // Suffixes and run-together initials ("J.P. Morgan", "D.C.") end a sentence only when a new one
  // plainly starts after them.
  return (COMPANY_SUFFIX.has(word) || /\p{Lu}\.\p{Lu}\.\s*$/u.test(before)) && !startsSentence(after)
}

// A table row: a label, then at least two figure cells ("Revenue $ 777 $1,974 $3,711", "(10) (22)", "—").
const isRow = (line: string) => endsInFigureCells(line) && /\p{L}/u.test(line)

/** A line ending that wraps into the next line rather than ending a block. */
function wraps(line: string, next: string): boolean {
  if (/[\p{Ll},;:(\-–]$/u.test(line) || /^[\p{Ll}(]/u.test(next)) return true
  if (/\d$/.test(line) && /^\p{Ll}/u.test(next)) return true
  return /\.$/.test(line) && continues(line, next)
}

let segmenter: Intl.Segmenter | null = null
const sentenceSegmenter = () => {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })
  return segmenter
}

/** Sentences of one block of prose (no line breaks), abbreviation breaks merged back. */
export function segmentProse(block: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = []
  for (const s of sentenceSegmenter().segment(block)) {
    const last = out.at(-1)
    if (last && continues(last.text, s.segment)) last.text += s.segment
    else out.push({ text: s.segment, start: s.index })
  }
  return out
}

/** A run of dot leaders between a row's label and its cells ("Revenue ........ $ 777"). */
const LEADER_RE = /\s*(?:\.\s?){4,}/g

/**
 * Sentences of a block, with the rows of a table that PDF text flattened onto one line kept whole
 * ("Advertising services ...... $ 594,546 $ 269,421 Data licensing ...... 70,344"): ICU would cut
 * after each dot leader, leaving every label apart from its figures. A row runs from the end of the
 * previous row (or the start of its sentence) through its leader and cells.
 */
function proseAndLeaderRows(block: string): { text: string; start: number; row: boolean }[] {
  const out: { text: string; start: number; row: boolean }[] = []
  let done = 0
  for (const m of block.matchAll(LEADER_RE)) {
    const leaderStart = m.index ?? 0
    if (leaderStart < done) continue
    // The figure cells after the leader: "$ 594,546 $ 269,421 (97)% —".
    const end = figureCellsEnd(block, leaderStart + m[0].length)
    if (end === null) continue
    // The label starts where the last sentence before the leader starts (or the previous row ended).
    const before = segmentProse(block.slice(done, leaderStart))
    const label = before.at(-1)
    for (const s of before.slice(0, -1)) out.push({ text: s.text, start: done + s.start, row: false })
    const start = done + (label?.start ?? 0)
    out.push({ text: block.slice(start, end), start, row: true })
    done = end
  }
  for (const s of segmentProse(block.slice(done)))
    out.push({ text: s.text, start: done + s.start, row: false })
  return out
}

interface Block {
  text: string
  start: number
  row: boolean
}

/** Lines joined into blocks: wrapped prose lines become one block, each table row its own. */
function blocks(text: string): Block[] {
  const out: Block[] = []
  let at = 0
  for (const raw of text.split('\n')) {
    const start = at
    at += raw.length + 1
    const line = raw.trim()
    if (!line) {
      out.push({ text: '', start, row: false })
      continue
    }
    const row = isRow(line)
    const prev = out.at(-1)
    if (prev?.text.trim() && !prev.row && !row && wraps(prev.text.trimEnd(), line)) {
      // A space for the "\n" and the raw line: offsets into the block stay offsets into the text.
      prev.text += ` ${raw}`
    } else out.push({ text: raw, start, row })
  }
  return out.filter((b) => b.text.trim())
}

/**
 * Sentences and rows of a chunk's text with inline `[p.N]` tags. `startPage` is the page the chunk
 * starts on (its first tag may come later). Units shorter than `minChars` or without a letter are
 * dropped (headings of one word, page furniture).
 */
export function textUnits(text: string, startPage: string | null, minChars = 20): TextUnit[] {
  // Page tags out, keeping each tag's offset in the stripped text.
  const tags: { at: number; page: string }[] = []
  let plain = ''
  let last = 0
  for (const m of text.matchAll(PAGE_TAG_RE)) {
    plain += text.slice(last, m.index)
    tags.push({ at: plain.length, page: m[1] as string })
    last = (m.index ?? 0) + m[0].length
  }
  plain += text.slice(last)
  const pageAt = (offset: number): string | null => {
    let page = startPage
    for (const t of tags) if (t.at <= offset) page = t.page
    return page
  }
  const out: TextUnit[] = []
  for (const b of blocks(plain)) {
    const parts = b.row ? [{ text: b.text, start: 0, row: true }] : proseAndLeaderRows(b.text)
    for (const p of parts) {
      const clean = p.text.replace(/\s+/g, ' ').trim()
      if (clean.length < minChars || !/\p{L}/u.test(clean)) continue
      const from = b.start + p.start + (p.text.length - p.text.trimStart().length)
      const to = b.start + p.start + p.text.trimEnd().length
      const first = pageAt(from)
      if (!first) continue
      const pages = [first]
      const pageStarts = [0]
      for (const t of tags)
        if (t.at > from && t.at < to && !pages.includes(t.page)) {
          pages.push(t.page)
          // The same whitespace folding as `clean`, so the offset is one into the unit's text.
          pageStarts.push(plain.slice(from, t.at).replace(/\s+/g, ' ').length)
        }
      out.push({ text: clean, pages, pageStarts, kind: p.row ? 'row' : 'sentence' })
    }
  }
  return out
}
