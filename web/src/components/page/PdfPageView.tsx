/**
 * The cited page as printed, from the filing's PDF: pdf.js (its own lazily loaded chunk, worker
 * included) fetches only the byte ranges it needs from GET /filings/:id/document, renders each PDF
 * page the printed page runs over, and lays highlight boxes over the quoted passage and figures,
 * placed from the text items' own coordinates.
 */
import { documentUrl } from '@asks1/shared/contract/document'
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type PDFPageProxy, Util } from 'pdfjs-dist'
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { useEffect, useRef, useState } from 'react'
import { highlightRanges } from '../../lib/highlight'

GlobalWorkerOptions.workerSrc = workerSrc

/** One open document per filing for the visit: paging through a filing re-uses its loaded ranges. */
const documents = new Map<string, Promise<PDFDocumentProxy>>()

function openDocument(filing: string): Promise<PDFDocumentProxy> {
  let doc = documents.get(filing)
  if (!doc) {
    doc = getDocument({
      url: documentUrl(filing),
      // Range requests only: a 200-page filing is megabytes, a page view needs a few hundred kB.
      disableAutoFetch: true,
      disableStream: true,
      rangeChunkSize: 256 * 1024,
      isEvalSupported: false,
    }).promise
    doc.catch(() => documents.delete(filing))
    documents.set(filing, doc)
  }
  return doc
}

export interface Box {
  left: number
  top: number
  width: number
  height: number
}

/**
 * Boxes (in viewport pixels) over the characters that match `re` in a page's text items. Items are
 * joined with a space (or nothing where a word was split), as the page text reads; a match covering
 * part of an item gets that part of its width, in proportion to its characters.
 */
export function highlightBoxes(
  items: readonly TextItem[],
  re: RegExp,
  viewport: { transform: number[]; scale: number },
): Box[] {
  let text = ''
  const spans: { item: TextItem; start: number }[] = []
  for (const item of items) {
    if (!item.str) continue
    if (text && !/\s$/.test(text)) text += ' '
    spans.push({ item, start: text.length })
    text += item.str
  }
  const boxes: Box[] = []
  for (const [from, to] of highlightRanges(text, re)) {
    for (const { item, start } of spans) {
      const a = Math.max(from, start) - start
      const b = Math.min(to, start + item.str.length) - start
      if (b <= a) continue
      const [, , c, d, x, y] = Util.transform(viewport.transform, item.transform) as number[]
      const fontHeight = Math.hypot(c as number, d as number)
      const width = item.width * viewport.scale
      const perChar = width / item.str.length
      boxes.push({
        left: (x as number) + a * perChar,
        top: (y as number) - fontHeight,
        width: (b - a) * perChar,
        height: fontHeight * 1.2,
      })
    }
  }
  return boxes
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; marks: number }

export default function PdfPageView({
  filing,
  pdfPages,
  highlight,
  label,
}: {
  filing: string
  pdfPages: readonly number[]
  highlight: RegExp | null
  label: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<State>({ status: 'loading' })
  const pagesKey = pdfPages.join(',')
  const highlightKey = highlight?.source ?? ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the pages' and highlight's text, not their identity
  useEffect(() => {
    const host = ref.current
    if (!host) return
    let cancelled = false
    setState({ status: 'loading' })
    const render = async () => {
      const doc = await openDocument(filing)
      const width = Math.max(240, host.clientWidth)
      const sheets: HTMLElement[] = []
      let marks = 0
      for (const n of pdfPages) {
        const page: PDFPageProxy = await doc.getPage(n)
        if (cancelled) return
        const sheet = await renderSheet(page, width, highlight)
        marks += sheet.marks
        sheets.push(sheet.element)
      }
      if (cancelled) return
      host.replaceChildren(...sheets)
      setState({ status: 'ready', marks })
      host.querySelector('.pdf-mark')?.scrollIntoView?.({ block: 'center' })
    }
    render().catch((err: unknown) => {
      if (!cancelled)
        setState({
          status: 'error',
          message:
            err instanceof Error && /Missing PDF|Unexpected server response/.test(err.message)
              ? 'The PDF of this filing is not available on this server.'
              : 'The PDF page could not be shown.',
        })
    })
    return () => {
      cancelled = true
    }
  }, [filing, pagesKey, highlightKey])

  return (
    <div
      className="pdf-view"
      data-state={state.status}
      data-marks={state.status === 'ready' ? state.marks : undefined}
    >
      {state.status === 'loading' && <p className="muted">Loading the PDF page…</p>}
      {state.status === 'error' && (
        <p role="alert" className="notice notice--error">
          {state.message} The Text view still shows the page.
        </p>
      )}
      <div ref={ref} role="img" aria-label={`Page ${label} as printed in the filing's PDF`} />
    </div>
  )
}

async function renderSheet(page: PDFPageProxy, width: number, highlight: RegExp | null) {
  const unscaled = page.getViewport({ scale: 1 })
  const viewport = page.getViewport({ scale: width / unscaled.width })
  const ratio = window.devicePixelRatio || 1
  const element = document.createElement('div')
  element.className = 'pdf-sheet'
  element.style.width = `${viewport.width}px`
  element.style.height = `${viewport.height}px`
  const canvas = document.createElement('canvas')
  canvas.width = Math.floor(viewport.width * ratio)
  canvas.height = Math.floor(viewport.height * ratio)
  element.append(canvas)
  await page.render({
    canvas,
    viewport,
    ...(ratio !== 1 && { transform: [ratio, 0, 0, ratio, 0, 0] }),
  }).promise
  let marks = 0
  if (highlight) {
    const content = await page.getTextContent()
    const items = content.items.filter((i): i is TextItem => 'str' in i)
    for (const box of highlightBoxes(items, highlight, viewport)) {
      const mark = document.createElement('span')
      mark.className = 'pdf-mark'
      Object.assign(mark.style, {
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      })
      element.append(mark)
      marks++
    }
  }
  return { element, marks }
}
