/**
 * PDF text extraction through pdf.js (legacy build: the modern one needs DOMMatrix, absent on Node 20).
 * Returns every physical page's text items with coordinates; nothing here knows about printed pages.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PhysicalPage, TextItem } from './layout'

/** A file the ingest cannot read; the CLI prints its message as the one line the user sees. */
export class InputError extends Error {
  override name = 'InputError'
}

export interface ExtractOptions {
  /** Called after each page with (done, total). */
  onPage?: (done: number, total: number) => void
  /** Only these 1-based pages (tests use real pages without parsing a whole filing). */
  pages?: number[]
}

export function isPdf(data: Uint8Array): boolean {
  // Some producers put junk before the header; the spec tolerates up to 1 KB of it.
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

export async function extractPdf(data: Uint8Array, opts: ExtractOptions = {}): Promise<PhysicalPage[]> {
  // pdf.js transfers (detaches) the buffer it is given; copy so the caller's stays usable.
  const task = getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  })
  let doc: Awaited<typeof task.promise>
  try {
    doc = await task.promise
  } catch (err) {
    const name = (err as { name?: string }).name
    if (name === 'PasswordException')
      throw new InputError('the PDF is encrypted with a password; decrypt it first (e.g. qpdf --decrypt)')
    throw new InputError(`not a readable PDF: ${(err as Error).message}`)
  }
  try {
    const pages: PhysicalPage[] = []
    const wanted = opts.pages?.filter((n) => n >= 1 && n <= doc.numPages) ?? null
    const numbers = wanted ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)
    for (const [k, n] of numbers.entries()) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const items: TextItem[] = []
      for (const it of content.items) {
        if (!('str' in it) || it.str === '') continue
        const [a, b, , d, e, f] = it.transform as number[]
        items.push({
          str: it.str,
          x: e ?? 0,
          y: f ?? 0,
          width: it.width,
          fontSize: Math.abs(d ?? 0) || Math.hypot(a ?? 0, b ?? 0),
        })
      }
      pages.push({ number: n, width: viewport.width, height: viewport.height, items })
      page.cleanup()
      opts.onPage?.(k + 1, numbers.length)
    }
    return pages
  } finally {
    await doc.destroy()
  }
}

/** Throws when the PDF has no usable text layer (a scan, or images of text). */
export function assertTextLayer(pages: PhysicalPage[]): void {
  const chars = pages.reduce(
    (sum, p) => sum + p.items.reduce((s, it) => s + it.str.replace(/\s/g, '').length, 0),
    0,
  )
  // A real filing has thousands of characters a page; a scan has none (or a stray OCR-less caption).
  if (pages.length === 0 || chars < 20 * pages.length)
    throw new InputError(
      `the PDF has no text layer (${chars} characters on ${pages.length} pages): it is image-only; run OCR first`,
    )
}
