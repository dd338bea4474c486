/**
 * A printed page's own markup in an EDGAR HTML filing, for the reader's page view: the document is
 * paged exactly as ingest pages it (same page breaks, same markers, same leading-front split), and
 * each printed page gets the raw HTML of the HTML pages it covers. The markup is untrusted: callers
 * sanitise it before it reaches a browser.
 */
import { htmlLines } from './html'
import { splitLeadingFront } from './matter'
import { decodeText, pageHtml } from './read'

export interface PrintedHtmlPage {
  /** Printed label, as stored ("54", "F-7"). */
  label: string
  /** The raw markup of the page (may open or close tags it does not balance). */
  html: string
}

/**
 * Every labelled printed page of an HTML filing with its markup, in document order. Bytes are decoded
 * as ingest decodes them (UTF-8, else Windows-1252), so offsets and labels agree with the store.
 */
export function htmlPrintedPages(data: string | Uint8Array): PrintedHtmlPage[] {
  const source = typeof data === 'string' ? data : decodeText(data)
  const { lines, markers, htmlPages, pageEnds, html } = htmlLines(source)
  if (lines.length === 0) return []
  const { raw, report } = pageHtml(lines, markers, htmlPages)
  const slice = (n: number) => html.slice(n > 1 ? (pageEnds[n - 2] ?? 0) : 0, pageEnds[n - 1] ?? html.length)
  // Ingest stores unlabelled pages only when the whole filing is unlabelled; the same here.
  return splitLeadingFront(raw)
    .filter((p) => report.fallback || !p.fallback)
    .map((p) => ({ label: p.label, html: p.physical.map(slice).join('\n') }))
}
