/**
 * The filing's source document, as the reader's page view needs it: the very file the live version
 * was ingested from (checked by its SHA-256 against the version's record, so a PDF page number
 * never points into a different file), and for EDGAR HTML each printed page's sanitised markup.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import { htmlPrintedPages } from '@asks1/ingest'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import type { FilingStatus } from '@asks1/shared/store'
import type { AppDeps } from './deps'
import { AppError } from './errors'
import { liveStatus, storeKey } from './lookup'
import { sanitizePageHtml } from './page-html'

export type DocumentKind = 'pdf' | 'html'

export interface LiveDocument {
  path: string
  kind: DocumentKind
  size: number
  status: FilingStatus
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function kindOf(path: string): Promise<DocumentKind> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(5)
    await handle.read(head, 0, 5, 0)
    return head.toString('latin1') === '%PDF-' ? 'pdf' : 'html'
  } finally {
    await handle.close()
  }
}

export class DocumentService {
  /** Hash and kind per file, re-read when the file's size or modification time changes. */
  private readonly files = new Map<string, { stamp: string; sha256: string; kind: DocumentKind }>()
  /**
   * Raw page markup per filing version, paged once (paging a 200-page HTML filing takes ~1 s); each
   * page is sanitised the first time it is asked for and kept.
   */
  private readonly htmlPages = new Map<string, Promise<Map<string, { raw: string; clean?: string }>>>()

  constructor(private readonly deps: Pick<AppDeps, 'store' | 'startup'>) {}

  /** The live version's source file, or a 404 saying plainly why it cannot be shown. */
  async live(filing: LoadedFiling): Promise<LiveDocument> {
    const status = await liveStatus(this.deps, filing)
    const path = filing.sourcePath
    const info = await stat(path).catch(() => null)
    if (!info?.isFile())
      throw new AppError(
        404,
        'DOCUMENT_UNAVAILABLE',
        `The document of ${filing.company}'s ${filing.form} is not on this server; its text is still available page by page.`,
      )
    const stamp = `${info.size}:${info.mtimeMs}`
    let file = this.files.get(path)
    if (file?.stamp !== stamp) {
      file = { stamp, sha256: await sha256Of(path), kind: await kindOf(path) }
      this.files.set(path, file)
    }
    const ingested = status.meta.sha256
    if (typeof ingested === 'string' && ingested !== file.sha256)
      throw new AppError(
        404,
        'DOCUMENT_UNAVAILABLE',
        `The document on this server is not the one ${filing.company}'s ${filing.form} was ingested from, so its pages would not match; its text is still available page by page.`,
      )
    return { path, kind: file.kind, size: info.size, status }
  }

  /** One printed page's sanitised markup (EDGAR HTML filings only). */
  async htmlPage(filing: LoadedFiling, label: string): Promise<{ page: string; html: string }> {
    const doc = await this.live(filing)
    if (doc.kind !== 'html')
      throw new AppError(
        404,
        'NOT_HTML',
        `${filing.company}'s ${filing.form} is a PDF: open GET /filings/${filing.id}/document at the page's PDF page instead.`,
      )
    const key = `${storeKey(filing)}@${doc.status.version}`
    let pages = this.htmlPages.get(key)
    if (!pages) {
      pages = this.readHtmlPages(doc.path)
      // One version per filing is kept: the previous one's pages are dropped when a new one goes live.
      for (const k of this.htmlPages.keys())
        if (k.startsWith(`${storeKey(filing)}@`)) this.htmlPages.delete(k)
      this.htmlPages.set(key, pages)
      pages.catch(() => this.htmlPages.delete(key))
    }
    const entry = (await pages).get(label)
    if (entry === undefined)
      throw new AppError(
        404,
        'PAGE_NOT_FOUND',
        `Page ${label} is not a printed page of ${filing.company}'s ${filing.form} as ingested.`,
      )
    entry.clean ??= sanitizePageHtml(entry.raw)
    return { page: label, html: entry.clean }
  }

  private async readHtmlPages(path: string): Promise<Map<string, { raw: string; clean?: string }>> {
    const out = new Map<string, { raw: string; clean?: string }>()
    for (const p of htmlPrintedPages(new Uint8Array(await readFile(path))))
      if (!out.has(p.label)) out.set(p.label, { raw: p.html })
    return out
  }
}
