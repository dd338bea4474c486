/**
 * Fetching a filing's primary document from EDGAR. The SEC requires a User-Agent naming the requester
 * ("Sample Company Name AdminContact@example.com") and blocks anonymous clients, so it is mandatory.
 */
import { InputError } from './pdf'

export interface EdgarFetchOptions {
  userAgent: string | undefined
  timeoutMs?: number
  /** Largest document accepted. */
  maxBytes?: number
}

export interface EdgarDocument {
  url: string
  fileName: string
  data: Uint8Array
}

export function requireUserAgent(userAgent: string | undefined): string {
  const ua = userAgent?.trim()
  if (!ua)
    throw new InputError(
      'EDGAR_USER_AGENT is not set: the SEC requires a User-Agent naming you, e.g. EDGAR_USER_AGENT="AskS1 admin@example.com"',
    )
  return ua
}

async function get(url: string, ua: string, opts: EdgarFetchOptions): Promise<Uint8Array> {
  const timeoutMs = opts.timeoutMs ?? 30_000
  let res: Response
  try {
    res = await fetch(url, {
      headers: { 'User-Agent': ua, Accept: 'text/html,application/pdf,*/*' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    })
  } catch (err) {
    const e = err as Error
    if (e.name === 'TimeoutError') throw new InputError(`EDGAR did not answer within ${timeoutMs} ms: ${url}`)
    throw new InputError(`cannot fetch ${url}: ${(e.cause as Error | undefined)?.message ?? e.message}`)
  }
  if (!res.ok) {
    const hint =
      res.status === 403 ? ' (the SEC rejects requests without a real "Name email" User-Agent)' : ''
    throw new InputError(`EDGAR answered ${res.status} ${res.statusText} for ${url}${hint}`)
  }
  const body = new Uint8Array(await res.arrayBuffer())
  const max = opts.maxBytes ?? 200 * 1024 * 1024
  if (body.byteLength > max) throw new InputError(`${url} is larger than ${max} bytes`)
  return body
}

/**
 * The primary document linked from an EDGAR filing index page (`…-index.htm`): the first document
 * link of its table, which EDGAR lists in sequence order (sequence 1 is the primary document).
 * Inline-XBRL viewer links (`/ix?doc=/Archives/…`) point at the same document.
 */
export function primaryDocumentLink(indexHtml: string, indexUrl: string): string | null {
  const re = /href="([^"]+)"/gi
  for (const m of indexHtml.matchAll(re)) {
    const href = (m[1] as string).replace(/^\/ix\?doc=/, '')
    if (!/\/Archives\/edgar\/data\//i.test(href)) continue
    if (/-index(-headers)?\.html?$/i.test(href)) continue
    if (!/\.(htm|html|pdf|txt)$/i.test(href)) continue
    return new URL(href, indexUrl).toString()
  }
  return null
}

export async function fetchEdgarDocument(url: string, opts: EdgarFetchOptions): Promise<EdgarDocument> {
  const ua = requireUserAgent(opts.userAgent)
  let target = url
  let data = await get(target, ua, opts)
  if (/-index\.html?$/i.test(new URL(url).pathname)) {
    const link = primaryDocumentLink(Buffer.from(data).toString('utf8'), url)
    if (!link) throw new InputError(`no primary document link found in the EDGAR index page ${url}`)
    target = link
    data = await get(target, ua, opts)
  }
  const fileName = decodeURIComponent(new URL(target).pathname.split('/').pop() || 'filing.htm')
  return { url: target, fileName, data }
}
