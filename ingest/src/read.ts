/**
 * readPages: a filing file (PDF or EDGAR HTML) to its printed pages with matter, and a report of how
 * they were found. No store, no embedding.
 */
import { readFile } from 'node:fs/promises'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { htmlLines, isHtml } from './html'
import { type Line, linesOfPage, type PhysicalPage } from './layout'
import {
  dropInterleaved,
  learnFooterPatterns,
  type Marker,
  monotonicFilter,
  noiseLines,
  pdfCandidates,
} from './markers'
import { countTrimmed, trimMatter } from './matter'
import { assemblePages, type RawPage } from './paging'
import { assertTextLayer, extractPdf, InputError, isPdf } from './pdf'
import { readHtmlTables, readPdfTables } from './tables'

export interface ReadOptions {
  /** Forces the front-matter cut at this many physical pages. */
  skipPages?: number
  /** Progress of the extraction stage: (done, total). */
  onProgress?: (stage: 'extract', done: number, total: number) => void
  /** Stops the extraction (its worker is terminated). */
  signal?: AbortSignal
  /** Debug messages: a page whose layout defeats the table reader, a `<table>` skipped. Never errors. */
  onDebug?: (message: string) => void
}

export interface PagesReport {
  source: 'pdf' | 'html'
  /** Physical pages: PDF pages, or HTML pages counted by page breaks. */
  physicalPages: number
  pages: number
  /** Kept markers per sequence (`arabic`, `roman`, `F`, `II`…). */
  markers: Record<string, number>
  /** Kept markers by how they were found. */
  markersVia: Record<string, number>
  /** Candidates rejected by the monotonic filter. */
  rejectedCandidates: number
  /** Whether a marker ends its page (numbers in the footer or mid-page) or starts it (running header). */
  markerPosition: 'end' | 'start'
  /** Running footer shapes learned from repetition. */
  footerPatterns: string[]
  /** Producer header/footer lines dropped (Chrome's date, title, URL, `3/282`). */
  noiseLines: number
  interpolated: number
  fallback: boolean
  trimmed: { front: number; back: number }
  warnings: string[]
  timings: { extractMs: number; pagingMs: number }
}

export interface ReadResult {
  pages: PageRecord[]
  report: PagesReport
}

/** Joins lines into page text; a word hyphenated at a line end is rejoined (`Share-` + `based`). */
export function pageText(lines: Line[]): string {
  let out = ''
  for (const line of lines) {
    if (out === '') out = line.text
    else if (/[A-Za-z]-$/.test(out) && /^[a-z]/.test(line.text)) out += line.text
    else out += `\n${line.text}`
  }
  return out
}

function count<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const it of items) out[key(it)] = (out[key(it)] ?? 0) + 1
  return out
}

/** Minimum markers for a trustworthy page map: below it, PDF page numbers are used instead. */
function minMarkers(physicalPages: number): number {
  return Math.max(2, Math.ceil(0.1 * physicalPages))
}

/** Printed pages of a PDF's physical pages (pure; extraction done). */
export function pagePdf(physical: PhysicalPage[]): {
  raw: RawPage[]
  report: Omit<PagesReport, 'source' | 'pages' | 'trimmed' | 'timings'>
} {
  const warnings: string[] = []
  const all = physical.flatMap(linesOfPage)
  const noise = noiseLines(all, physical.length)
  const lines = all.filter((_, i) => !noise.has(i))
  const patterns = learnFooterPatterns(lines, physical.length)
  const candidates = pdfCandidates(lines, patterns)
  const markers = dropInterleaved(monotonicFilter(candidates))
  const markersStartPages = numbersAtTop(lines, markers)
  const paging = assemblePages(lines, markers, { minMarkers: minMarkers(physical.length), markersStartPages })
  // Running-footer lines that did not make it as markers are still producer text, not content.
  if (patterns.length) {
    const footerLines = new Set(candidates.filter((c) => c.via === 'footer').map((c) => lines[c.line]))
    for (const p of paging.pages) p.lines = p.lines.filter((l) => !footerLines.has(l))
  }
  if (paging.fallback)
    warnings.push(
      `no printed page markers found (${markers.length} on ${physical.length} pages): pages are labelled with PDF page numbers and marked fallback`,
    )
  return {
    raw: paging.pages,
    report: {
      physicalPages: physical.length,
      markers: paging.fallback ? {} : count(markers, (m) => m.seq),
      markersVia: paging.fallback ? {} : count(markers, (m) => m.via),
      rejectedCandidates: candidates.length - markers.length,
      footerPatterns: patterns.map((p) => p.key),
      noiseLines: noise.size,
      interpolated: paging.interpolated,
      fallback: paging.fallback,
      markerPosition: markersStartPages ? 'start' : 'end',
      warnings,
    },
  }
}

/**
 * True when the filing prints its numbers at the top of each page: most markers are the first line
 * of their sheet and not also its last (a sheet holding only a spilled-over label is both).
 */
export function numbersAtTop(lines: Line[], markers: Marker[]): boolean {
  if (markers.length < 3) return false
  let top = 0
  for (const m of markers) {
    const page = lines[m.line]?.page
    const firstOnSheet = lines[m.line - 1]?.page !== page
    const lastOnSheet = lines[m.line + 1]?.page !== page
    if (firstOnSheet && !lastOnSheet) top++
  }
  return top >= 0.8 * markers.length
}

/** Printed pages of an HTML line stream whose markers were read from the document itself. */
export function pageHtml(
  lines: Line[],
  markers: Marker[],
  htmlPages: number,
): { raw: RawPage[]; report: Omit<PagesReport, 'source' | 'pages' | 'trimmed' | 'timings'> } {
  const warnings: string[] = []
  const kept = dropInterleaved(monotonicFilter(markers))
  const paging = assemblePages(lines, kept, { minMarkers: minMarkers(htmlPages) })
  if (paging.fallback)
    warnings.push(
      `no printed page labels found in the HTML (${kept.length} on ${htmlPages} page breaks): pages are numbered by page break and marked fallback`,
    )
  return {
    raw: paging.pages,
    report: {
      physicalPages: htmlPages,
      markers: paging.fallback ? {} : count(kept, (m) => m.seq),
      markersVia: paging.fallback ? {} : count(kept, (m) => m.via),
      rejectedCandidates: markers.length - kept.length,
      footerPatterns: [],
      noiseLines: 0,
      interpolated: paging.interpolated,
      fallback: paging.fallback,
      markerPosition: 'end',
      warnings,
    },
  }
}

export function toRecords(
  rawPages: RawPage[],
  source: 'pdf' | 'html',
  skipPages?: number,
  onDebug?: (message: string) => void,
): PageRecord[] {
  const trimmed = trimMatter(rawPages, skipPages === undefined ? {} : { skipPages })
  const tables = source === 'pdf' ? readPdfTables(trimmed, onDebug) : readHtmlTables(trimmed, onDebug)
  const out: PageRecord[] = []
  for (const p of trimmed) {
    const text = pageText(p.lines)
    // A page with neither text nor a label of its own carries nothing to cite.
    if (text === '' && p.fallback) continue
    const record: PageRecord = {
      label: p.label,
      pdfPages: source === 'pdf' ? p.physical : [],
      text,
      matter: p.matter,
    }
    if (p.fallback) record.fallback = true
    const onPage = tables.get(p.label)
    if (onPage?.length) record.tables = onPage
    out.push(record)
  }
  return out
}

/** Reads a filing from bytes; `name` is used only in messages. */
export async function readPagesFromData(
  data: Uint8Array,
  name: string,
  opts: ReadOptions = {},
): Promise<ReadResult> {
  const t0 = performance.now()
  if (isPdf(data)) {
    const physical = await extractPdf(data, {
      onPage: (done, total) => opts.onProgress?.('extract', done, total),
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
    assertTextLayer(physical)
    const t1 = performance.now()
    const { raw, report } = pagePdf(physical)
    const pages = toRecords(raw, 'pdf', opts.skipPages, opts.onDebug)
    const t2 = performance.now()
    return { pages, report: finish(report, 'pdf', pages, t1 - t0, t2 - t1) }
  }
  const text = decodeText(data)
  if (isHtml(text)) {
    const { lines, markers, htmlPages } = htmlLines(text)
    opts.onProgress?.('extract', 1, 1)
    const t1 = performance.now()
    if (lines.length === 0) throw new InputError(`${name}: the HTML has no text`)
    const { raw, report } = pageHtml(lines, markers, htmlPages)
    const pages = toRecords(raw, 'html', opts.skipPages, opts.onDebug)
    const t2 = performance.now()
    return { pages, report: finish(report, 'html', pages, t1 - t0, t2 - t1) }
  }
  throw new InputError(`${name}: not a PDF or HTML filing`)
}

/** UTF-8 when valid; older EDGAR documents are Windows-1252. */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return new TextDecoder('windows-1252').decode(data)
  }
}

function finish(
  report: Omit<PagesReport, 'source' | 'pages' | 'trimmed' | 'timings'>,
  source: 'pdf' | 'html',
  pages: PageRecord[],
  extractMs: number,
  pagingMs: number,
): PagesReport {
  return {
    source,
    pages: pages.length,
    ...report,
    trimmed: countTrimmed(pages),
    timings: { extractMs, pagingMs },
  }
}

export async function readPages(file: string, opts: ReadOptions = {}): Promise<ReadResult> {
  let data: Buffer
  try {
    data = await readFile(file)
  } catch (err) {
    throw new InputError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`)
  }
  return readPagesFromData(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), file, opts)
}
