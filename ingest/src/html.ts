/**
 * EDGAR HTML (`.htm` with the SGML wrapper `<DOCUMENT>…<TEXT>`, or plain HTML) to a line stream with
 * printed page markers read from the document itself: a page label is a block (usually centred) whose
 * whole text is a label, and that is the last visible block before a page break (`<hr>`, `page-break-before`,
 * the end of a `page-break-after` element, or the end of the document).
 */
import { readPrintedLabel } from '@asks1/shared/contract/page-label'
import { HTMLElement, type Node, NodeType, parse } from 'node-html-parser'
import type { HtmlRow, Line } from './layout'
import type { Marker } from './markers'

export function isHtml(text: string): boolean {
  const head = text.slice(0, 4096).toLowerCase()
  return /<(html|body|document|text|p|div|table)[\s>]/.test(head) || head.includes('<!doctype html')
}

/** The first document's HTML when the file carries EDGAR's SGML wrapper; the text itself otherwise. */
export function unwrapEdgar(text: string): string {
  const open = /<TEXT>/i.exec(text)
  if (!open || !/<DOCUMENT>/i.test(text.slice(0, open.index))) return text
  const close = text.slice(open.index).search(/<\/TEXT>/i)
  return close < 0 ? text.slice(open.index + open[0].length) : text.slice(open.index + 6, open.index + close)
}

const BLOCK = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'br',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
])
const SKIP = new Set(['head', 'script', 'style', 'title', 'noscript', 'template'])
const CELL = new Set(['td', 'th'])

type Align = 'centre' | 'other' | null

function alignOf(el: HTMLElement): Align {
  if (el.rawTagName?.toLowerCase() === 'center') return 'centre'
  const style = (el.getAttribute('style') ?? '').toLowerCase()
  const m = /text-align\s*:\s*([a-z-]+)/.exec(style)
  if (m) return m[1] === 'center' ? 'centre' : 'other'
  const align = el.getAttribute('align')?.toLowerCase()
  if (align) return align === 'center' ? 'centre' : 'other'
  return null
}

/** Grid columns a cell with `rowspan` still covers in the next rows of its table: column → rows left, width. */
type RowSpans = Map<number, { rows: number; span: number }>

const spanAttr = (el: HTMLElement, name: string) =>
  Math.max(1, Math.min(50, Number.parseInt(el.getAttribute(name) ?? '1', 10) || 1))

/** A footnote marker as printed: "(3)", "(a)", "3", "*", "†". */
const FOOTNOTE_MARK = /^\s*(?:\(\s*(?:\d{1,2}|[a-z])\s*\)|\d{1,2}|[*†‡§]+)\s*$/i

/** Whether an element is set as a superscript (`<sup>`, or `vertical-align: super`). */
function isSuperscript(el: HTMLElement): boolean {
  if ((el.rawTagName ?? '').toLowerCase() === 'sup') return true
  return /vertical-align\s*:\s*super/i.test(el.getAttribute('style') ?? '')
}

/**
 * A cell's text without the footnote markers it sets as superscripts: EDGAR prints a figure's
 * marker as a `<sup>(3)</sup>` of its own, often in a cell of its own beside the figure (Pandora S-1
 * p.95 "28,334 | (3)", Facebook S-1's compensation table), which would read as a figure −3. Other
 * superscript text ("1<sup>st</sup>") is kept. Only the table reader's cells: the page text keeps it.
 */
function cellText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.text
  if (!(node instanceof HTMLElement)) return ''
  if (isSuperscript(node) && FOOTNOTE_MARK.test(node.text)) return ''
  // A leaf element ("<br>") reads as the parser reads it.
  if (node.childNodes.length === 0) return node.text
  return node.childNodes.map(cellText).join('')
}

/**
 * A `<tr>`'s cells on the table's grid (colspan expanded, columns taken by a `rowspan` from a row
 * above skipped, so the cells below a two-row header sit under their header), text
 * whitespace-collapsed. `spans` carries the rowspans from row to row.
 */
function rowOf(tr: HTMLElement, table: number, spans: RowSpans): HtmlRow {
  const cells: HtmlRow['cells'] = []
  const next: RowSpans = new Map()
  for (const [c, v] of spans) if (v.rows > 1) next.set(c, { rows: v.rows - 1, span: v.span })
  let col = 0
  const skipSpanned = () => {
    for (let held = spans.get(col); held; held = spans.get(col)) col += held.span
  }
  for (const child of tr.childNodes) {
    if (!(child instanceof HTMLElement) || !CELL.has((child.rawTagName ?? '').toLowerCase())) continue
    skipSpanned()
    const span = spanAttr(child, 'colspan')
    const rows = spanAttr(child, 'rowspan')
    const text = cellText(child)
      .replace(/[\s\u00a0\u200b\ufeff]+/g, ' ')
      .trim()
    cells.push({ text, col, span })
    if (rows > 1) next.set(col, { rows: rows - 1, span })
    col += span
  }
  spans.clear()
  for (const [c, v] of next) spans.set(c, v)
  return { table, cells }
}

export interface HtmlLines {
  lines: Line[]
  /** Label candidates found by the page-break rule (before monotonic filtering). */
  markers: Marker[]
  /** HTML pages counted by page breaks. */
  htmlPages: number
  /**
   * Where each HTML page ends, as an offset into `html` (page n runs from `pageEnds[n-2]`, or 0, to
   * `pageEnds[n-1]`): the reader's page view cuts a printed page's own markup out with these.
   */
  pageEnds: number[]
  /** The HTML the offsets refer to (the document without EDGAR's SGML wrapper). */
  html: string
}

export function htmlLines(source: string): HtmlLines {
  const html = unwrapEdgar(source)
  const root = parse(html, {
    lowerCaseTagName: true,
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false },
  })
  const lines: Line[] = []
  const markers: Marker[] = []
  const pageEnds: number[] = []
  let page = 1
  let pageStart = 0
  let buffer = ''
  let bufferCentred = false
  const alignStack: boolean[] = [false]
  // Table rows are kept as cells too (the table reader's input); the text stream is unchanged.
  const tableStack: number[] = []
  const rowSpans = new Map<number, RowSpans>()
  let tables = 0

  const flush = () => {
    const text = buffer.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim()
    if (text) lines.push({ text, page, centred: bufferCentred })
    buffer = ''
  }
  const pageBreak = (at: number) => {
    flush()
    if (lines.length === pageStart) return
    pageEnds.push(at)
    const last = lines[lines.length - 1] as Line
    // Filings centre their page numbers; some right-align them. Either way the number is the page's
    // last block, and the monotonic filter weeds out a page that merely ends in a lone number.
    const label = readPrintedLabel(last.text)
    if (label) markers.push({ ...label, line: lines.length - 1, via: 'html', source: last.text })
    page++
    pageStart = lines.length
  }

  const visit = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      const text = node.text
      if (buffer.trim() === '' && text.trim() !== '')
        bufferCentred = alignStack[alignStack.length - 1] === true
      buffer += text
      return
    }
    if (!(node instanceof HTMLElement)) return
    const tag = (node.rawTagName ?? '').toLowerCase()
    if (SKIP.has(tag)) return
    const style = (node.getAttribute?.('style') ?? '').toLowerCase().replace(/\s+/g, '')
    if (style.includes('display:none')) return
    if (style.includes('page-break-before:always') || style.includes('break-before:page'))
      pageBreak(node.range[0])
    if (tag === 'hr') {
      pageBreak(node.range[0])
      return
    }
    const block = BLOCK.has(tag)
    if (tag === 'table') tableStack.push(tables++)
    if (block) flush()
    else if (CELL.has(tag)) buffer += ' '
    const rowStart = lines.length
    const align = alignOf(node)
    alignStack.push(align === null ? (alignStack[alignStack.length - 1] as boolean) : align === 'centre')
    for (const child of node.childNodes) visit(child)
    alignStack.pop()
    if (block) flush()
    else if (CELL.has(tag)) buffer += ' '
    if (tag === 'table') tableStack.pop()
    const table = tableStack.at(-1)
    if (tag === 'tr' && table !== undefined) {
      // Every row moves the rowspans on, a row without text too.
      const spans = rowSpans.get(table) ?? new Map()
      rowSpans.set(table, spans)
      const row = rowOf(node, table, spans)
      if (lines.length > rowStart) (lines[rowStart] as Line).row = row
    }
    if (style.includes('page-break-after:always') || style.includes('break-after:page'))
      pageBreak(node.range[1])
  }
  visit(root)
  pageBreak(html.length)
  return { lines, markers, htmlPages: Math.max(1, page - 1), pageEnds, html }
}
