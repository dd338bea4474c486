/**
 * The common shape both readers (PDF and EDGAR HTML) produce before paging: a stream of text lines in
 * reading order, each with the physical page it sits on and, for PDFs, its geometry.
 */

/** One line of text in reading order. */
export interface Line {
  text: string
  /** 1-based physical page: the PDF page, or the HTML page counted by page breaks. */
  page: number
  /** PDF geometry in points (origin bottom left); absent for HTML. */
  geo?: LineGeometry
  /** HTML only: the line is a centred block. */
  centred?: boolean
  /** PDF only: the line's runs of text split at wide gaps (table cells), left to right. */
  segments?: Segment[]
  /** HTML only: the line starts this `<tr>` of a `<table>`. */
  row?: HtmlRow
}

/** A run of a PDF line's text with no wide gap inside: a table cell, a label, a header part. */
export interface Segment {
  text: string
  x0: number
  x1: number
}

/** A `<tr>` as EDGAR marks it up: its cells with their grid positions (colspan expanded). */
export interface HtmlRow {
  /** Which `<table>` of the document (0-based, in document order). */
  table: number
  cells: { text: string; col: number; span: number }[]
}

/** A gap wider than this share of the font size splits a line into segments (a word space is ~0.25). */
const SEGMENT_GAP = 0.8

/** Splits a line's items (sorted by x) at wide gaps; blank items are gaps, not text. */
export function segmentsOf(items: readonly TextItem[]): Segment[] {
  const out: Segment[] = []
  let cur: Segment | null = null
  for (const it of items) {
    if (it.str.trim() === '') continue
    const gap = cur ? it.x - cur.x1 : Number.POSITIVE_INFINITY
    if (cur && gap <= SEGMENT_GAP * Math.max(it.fontSize, 1)) {
      cur.text += gap > 0.15 * it.fontSize ? ` ${it.str}` : it.str
      cur.x1 = Math.max(cur.x1, it.x + it.width)
    } else {
      cur = { text: it.str, x0: it.x, x1: it.x + it.width }
      out.push(cur)
    }
  }
  for (const s of out) s.text = s.text.replace(/\s+/g, ' ').trim()
  return out.filter((s) => s.text !== '')
}

export interface LineGeometry {
  x0: number
  x1: number
  /** Baseline. */
  y: number
  fontSize: number
  pageWidth: number
  pageHeight: number
}

/** A raw pdf.js text item reduced to what paging needs. */
export interface TextItem {
  str: string
  x: number
  y: number
  width: number
  fontSize: number
}

export interface PhysicalPage {
  /** 1-based. */
  number: number
  width: number
  height: number
  items: TextItem[]
}

/**
 * Groups a page's text items into lines: top to bottom, then left to right. Sorting by geometry rather
 * than content-stream order matters because some producers draw the page number first (Twitter's 10-K),
 * and a marker's position decides which text belongs to its page. Items whose baselines differ by less
 * than 55% of the font size share a line, so superscripts (`15N`, note references) stay on their line.
 */
export function linesOfPage(page: PhysicalPage): Line[] {
  const items = page.items.filter((it) => it.str.length > 0)
  items.sort((a, b) => b.y - a.y || a.x - b.x)
  const groups: TextItem[][] = []
  let current: TextItem[] = []
  let lineY = Number.NaN
  let lineSize = 0
  for (const it of items) {
    const tolerance = 0.55 * Math.max(lineSize, it.fontSize, 1)
    if (current.length > 0 && Math.abs(it.y - lineY) <= tolerance) {
      current.push(it)
      // The line's baseline is its main text's, not a superscript's that happened to sort first.
      if (it.fontSize > lineSize) {
        lineSize = it.fontSize
        lineY = it.y
      }
    } else {
      if (current.length > 0) groups.push(current)
      current = [it]
      lineY = it.y
      lineSize = it.fontSize
    }
  }
  if (current.length > 0) groups.push(current)

  const lines: Line[] = []
  for (const group of groups) {
    group.sort((a, b) => a.x - b.x)
    let text = ''
    let end = Number.NEGATIVE_INFINITY
    let x0 = Number.POSITIVE_INFINITY
    let x1 = Number.NEGATIVE_INFINITY
    let size = 0
    let baseline = 0
    let weight = 0
    for (const it of group) {
      const blank = it.str.trim() === ''
      if (blank) {
        if (!text.endsWith(' ')) text += ' '
        end = Math.max(end, it.x + it.width)
        continue
      }
      // A visible gap between items is a word break even when no space item was emitted.
      if (text.length > 0 && !text.endsWith(' ') && it.x - end > 0.15 * it.fontSize) text += ' '
      text += it.str
      end = Math.max(end, it.x + it.width)
      x0 = Math.min(x0, it.x)
      x1 = Math.max(x1, it.x + it.width)
      size = Math.max(size, it.fontSize)
      baseline += it.y * it.str.length
      weight += it.str.length
    }
    text = text.replace(/\s+/g, ' ').trim()
    if (text === '') continue
    lines.push({
      text,
      page: page.number,
      segments: segmentsOf(group),
      geo: {
        x0,
        x1,
        y: weight > 0 ? baseline / weight : (group[0]?.y ?? 0),
        fontSize: size,
        pageWidth: page.width,
        pageHeight: page.height,
      },
    })
  }
  return lines
}
