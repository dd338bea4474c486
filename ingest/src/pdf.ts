/**
 * PDF text extraction through pdf.js (legacy build: the modern one needs DOMMatrix, absent on Node 20),
 * run in worker threads (./pdf-worker.mjs).
 * Returns every physical page's text items with coordinates; nothing here knows about printed pages.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PhysicalPage } from './layout'

/** A file the ingest cannot read; the CLI prints its message as the one line the user sees. */
export class InputError extends Error {
  override name = 'InputError'
}

export interface ExtractOptions {
  /** Called after each page with (done, total). */
  onPage?: (done: number, total: number) => void
  /** Only these 1-based pages (tests use real pages without parsing a whole filing). */
  pages?: number[]
  /**
   * Worker threads sharing the pages (default 1). Two cut wall time on an idle 2-core machine by about
   * a third but cost ~50% more CPU (each parses the document and its fonts), which hurts when the
   * cores are busy anyway.
   */
  workers?: number
  /** Aborting terminates the workers and rejects with an AbortError. */
  signal?: AbortSignal
}

export function isPdf(data: Uint8Array): boolean {
  // Some producers put junk before the header; the spec tolerates up to 1 KB of it.
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url)

interface WorkerMessage {
  type: 'open' | 'page' | 'done' | 'error'
  total?: number
  page?: PhysicalPage
  name?: string
  message?: string
}

function toInputError(name: string | undefined, message: string | undefined): Error {
  if (name === 'PasswordException')
    return new InputError('the PDF is encrypted with a password; decrypt it first (e.g. qpdf --decrypt)')
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException')
    return new InputError(`not a readable PDF: ${message}`)
  return new Error(message ?? 'PDF extraction failed')
}

/**
 * Text items of every page (or of `opts.pages`). pdf.js runs in a worker thread: it keeps PDF parsing
 * off the caller's event loop (the server ingests at start-up), and the worker loads pdf.js natively
 * even when the caller runs under tsx. With `workers` > 1, each takes every n-th page.
 */
export async function extractPdf(data: Uint8Array, opts: ExtractOptions = {}): Promise<PhysicalPage[]> {
  const parts = Math.max(1, Math.min(opts.workers ?? 1, availableParallelism()))
  const pages: PhysicalPage[] = []
  let total = 0
  let done = 0
  const workers: Worker[] = []
  opts.signal?.throwIfAborted()
  const run = (part: number) =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, {
        // No inherited loader flags (tsx): the worker is plain JavaScript and loads pdf.js natively.
        execArgv: [],
        // Each worker gets its own copy; pdf.js detaches the buffer it is given.
        workerData: { data: new Uint8Array(data), part, parts, only: opts.pages ?? null },
      })
      workers.push(worker)
      worker.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'open') total = msg.total ?? 0
        else if (msg.type === 'page' && msg.page) {
          pages.push(msg.page)
          opts.onPage?.(++done, total)
        } else if (msg.type === 'done') resolve()
        else if (msg.type === 'error') reject(toInputError(msg.name, msg.message))
      })
      worker.on('error', reject)
      opts.signal?.addEventListener('abort', () => reject(opts.signal?.reason), { once: true })
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`PDF worker exited with code ${code}`))
        resolve()
      })
    })
  try {
    await Promise.all(Array.from({ length: parts }, (_, part) => run(part)))
  } finally {
    await Promise.all(workers.map((w) => w.terminate()))
  }
  return pages.sort((a, b) => a.number - b.number)
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
