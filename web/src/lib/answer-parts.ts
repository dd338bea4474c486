/**
 * An answer's text as a small tree of blocks and inline parts, so that React renders it with plain
 * elements (no HTML injection): paragraphs, bullet/numbered lists, **bold**, and page citations.
 * Citations are found by the shared boundary-safe parser, so `p.15` never becomes a chip inside `p.154`.
 */
import { findCitations } from '@asks1/shared/contract/citations'
import { followsPageLabel } from '@asks1/shared/contract/page-label'
import { quotesIn } from './highlight'

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  /** Every page the citation stands for, one chip each: one page, or each page of a range (`pp. 12–14`). */
  | { kind: 'cite'; pages: string[] }

/**
 * A list item and the items indented under it: an extractive answer quotes a table's rows under a
 * line saying what they are ("The underwriters, as the table under “UNDERWRITING” names them:").
 */
export interface ListItem {
  inlines: Inline[]
  sub: Inline[][]
}

export type Block =
  | { kind: 'p'; inlines: Inline[] }
  | { kind: 'h'; inlines: Inline[] }
  | { kind: 'ul' | 'ol'; items: ListItem[] }

const BULLET_RE = /^\s*(?:[-*•])\s+/
// A bullet indented by two spaces or more: an item of the list item above it.
const SUB_BULLET_RE = /^(?: {2,}|\t)[-*•]\s+/
const NUMBERED_RE = /^\s*\d{1,2}[.)]\s+/
const HEADING_RE = /^\s*#{1,6}\s+/

/** Split an answer into blocks: blank lines end paragraphs; list markers start list items. */
export function parseAnswer(answer: string): Block[] {
  const blocks: Block[] = []
  let para: string[] = []
  const flush = () => {
    if (para.length > 0) blocks.push({ kind: 'p', inlines: parseInline(para.join(' ')) })
    para = []
  }
  for (const line of answer.split(/\r?\n/)) {
    if (line.trim() === '') {
      flush()
      continue
    }
    const listKind = BULLET_RE.test(line) ? 'ul' : NUMBERED_RE.test(line) ? 'ol' : null
    const last = blocks.at(-1)
    if (SUB_BULLET_RE.test(line) && para.length === 0 && (last?.kind === 'ul' || last?.kind === 'ol')) {
      last.items.at(-1)?.sub.push(parseInline(line.replace(SUB_BULLET_RE, '')))
      continue
    }
    if (listKind) {
      flush()
      const item = {
        inlines: parseInline(line.replace(listKind === 'ul' ? BULLET_RE : NUMBERED_RE, '')),
        sub: [],
      }
      const last = blocks.at(-1)
      if (last && last.kind === listKind) last.items.push(item)
      else blocks.push({ kind: listKind, items: [item] })
      continue
    }
    if (HEADING_RE.test(line)) {
      flush()
      blocks.push({ kind: 'h', inlines: parseInline(line.replace(HEADING_RE, '')) })
      continue
    }
    para.push(line.trim())
  }
  flush()
  return blocks
}

// Between two citations of one list: `, `, ` and `, ` & `, a dash.
const JOINER_RE = /^\s*(?:,|,?\s*and|,?\s*&|[-\u2013\u2014])?\s*$/
// Between the two ends of a range.
const RANGE_DASH_RE = /^\s*[-\u2013\u2014]\s*$/

/** One line of text → text, bold and citation parts. */
export function parseInline(text: string): Inline[] {
  // A range (`pp. 12–14`) reports its expanded pages at one span: group them.
  const spans: { index: number; length: number; pages: string[] }[] = []
  for (const c of findCitations(text)) {
    const last = spans.at(-1)
    if (last && last.index === c.index && last.length === c.length) last.pages.push(c.page)
    else spans.push({ index: c.index, length: c.length, pages: [c.page] })
  }
  const parts: Inline[] = []
  let at = 0
  for (const span of spans) {
    // A later item of a list (`p.40 and p.42`) is reported at its label: its own `p.` goes with the chip.
    let before = text.slice(at, span.index)
    if (parts.length > 0) before = before.replace(/(?<![A-Za-z])pp?\.\s?$/i, '')
    at = span.index + span.length
    // A range's end is reported with the pages it adds (`pp. 12–14`: 13 and 14 at `14`): the range
    // becomes one citation whose every page has a chip, so no page inside it is out of reach.
    const last = parts.at(-1)
    if (
      last?.kind === 'cite' &&
      RANGE_DASH_RE.test(before) &&
      followsPageLabel(last.pages.at(-1) ?? '', span.pages[0] ?? '')
    ) {
      last.pages.push(...span.pages)
      continue
    }
    if (before) parts.push({ kind: 'text', text: before })
    parts.push({ kind: 'cite', pages: span.pages })
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) })
  return withBold(dropCitationBrackets(parts))
}

/** `(p.154)` and `[p.12, 14]` read as chips alone: the brackets around a run of chips go. */
function dropCitationBrackets(parts: Inline[]): Inline[] {
  const out = parts.map((p) => ({ ...p }))
  for (let i = 0; i < out.length; i++) {
    if (out[i]?.kind !== 'cite') continue
    let end = i
    while (out[end + 2]?.kind === 'cite' && JOINER_RE.test(textOf(out[end + 1]))) end += 2
    const before = out[i - 1]
    const after = out[end + 1]
    if (before?.kind === 'text' && after?.kind === 'text') {
      const open = /[([]\s*$/.exec(before.text)
      const close = /^\s*[)\]]/.exec(after.text)
      if (open && close && pairs(open[0].trim(), close[0].trim())) {
        before.text = before.text.slice(0, open.index).replace(/\s+$/, ' ')
        after.text = after.text.slice(close[0].length)
      }
    }
    i = end
  }
  return out.filter((p) => p.kind !== 'text' || p.text !== '')
}

const textOf = (p: Inline | undefined) => (p && p.kind === 'text' ? p.text : '\u0000')
const pairs = (open: string, close: string) => (open === '(' ? close === ')' : close === ']')

/** `**bold**` inside text parts (a marker left unpaired is dropped rather than shown). */
function withBold(parts: Inline[]): Inline[] {
  const out: Inline[] = []
  for (const part of parts) {
    if (part.kind !== 'text') {
      out.push(part)
      continue
    }
    const pieces = part.text.split('**')
    pieces.forEach((piece, i) => {
      if (piece === '') return
      const bold = i % 2 === 1 && i < pieces.length - 1
      out.push({ kind: bold ? 'strong' : 'text', text: piece })
    })
  }
  return out
}

/**
 * The passages an answer quotes in support of a page: quoted text between the previous citation
 * and each citation of that page (extractive answers quote every excerpt; Claude often quotes too).
 */
export function quotesForPage(answer: string, page: string): string[] {
  const out: string[] = []
  let prevEnd = 0
  let prevSpan = ''
  for (const c of findCitations(answer)) {
    let span = c.index < prevEnd ? prevSpan : answer.slice(prevEnd, c.index)
    // Every page of a range (`pp. 12–14`) supports what the range's first page does.
    if (RANGE_DASH_RE.test(span)) span = prevSpan
    prevSpan = span
    prevEnd = Math.max(prevEnd, c.index + c.length)
    if (c.page === page) out.push(...quotesIn(span))
  }
  return [...new Set(out)]
}
