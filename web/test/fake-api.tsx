/**
 * The HTTP boundary, faked. Component tests run in happy-dom, where the real server (Fastify, the
 * SQLite store, an ingested filing) cannot run, so `fetch` is replaced here and answers with values
 * typed by the shared contract (a drift in shared/src/contract/api.ts breaks these fixtures at type-check).
 * The end-to-end tests in e2e/ run the same app against the real server.
 */
import type {
  AskReply,
  AskStreamEvent,
  Citation,
  ErrorReply,
  FilingInfo,
  FilingsReply,
  SessionInfo,
  Source,
  SourcePageReply,
} from '@asks1/shared/contract/api'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { App } from '../src/app'

export interface Call {
  method: string
  path: string
  url: URL
  headers: Headers
  body: unknown
  /** The request's AbortSignal, when the app passed one. */
  signal: AbortSignal | null
}
export type Handler = (call: Call) => Response | Promise<Response>

/** A visitor who has not asked anything yet: what GET /session reports unless a test says otherwise. */
export const freshSession: SessionInfo = { used: 0, limit: 8, left: 8 }

/**
 * Route `fetch` to handlers keyed `"GET /filings"`; an unrouted call fails the test loudly. The app
 * reads GET /session on every load, so it answers `freshSession` unless the test routes it itself.
 */
export function fakeApi(given: Record<string, Handler>) {
  const routes: Record<string, Handler> = { 'GET /session': () => json(freshSession), ...given }
  const calls: Call[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://asks1.test')
    const method = (init?.method ?? 'GET').toUpperCase()
    const call: Call = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      signal: init?.signal ?? null,
    }
    calls.push(call)
    const handler = routes[`${method} ${url.pathname}`]
    if (!handler) throw new Error(`fake api: no route for ${method} ${url.pathname}`)
    if (!call.signal) return handler(call)
    return abortable(await handler(call), call.signal)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) }
}

/** The DOMException a real fetch rejects with once its signal aborts (no reason given). */
const abortError = () => new DOMException('The operation was aborted.', 'AbortError')

/**
 * What a real fetch does when its signal aborts: reject if the response has not come yet, else error
 * the body stream, so a pending `reader.read()` rejects (the server then sees the connection close).
 */
function abortable(res: Response, signal: AbortSignal): Response {
  if (signal.aborted) throw abortError()
  if (!res.body) return res
  const reader = res.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener(
        'abort',
        () => {
          controller.error(abortError())
          void reader.cancel().catch(() => {})
        },
        { once: true },
      )
    },
    async pull(controller) {
      const { done, value } = await reader.read()
      if (signal.aborted) return
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

export const errorReply = (
  statusCode: number,
  message: string,
  extra: Partial<ErrorReply> = {},
): ErrorReply => ({
  statusCode,
  error: 'Error',
  message,
  ...extra,
})

/** No reply at all: what fetch does when the network is down. */
export const networkDown = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))

const encoder = new TextEncoder()
const frame = (e: AskStreamEvent) => encoder.encode(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`)

/** A whole SSE answer at once. */
export function sseResponse(events: AskStreamEvent[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const e of events) controller.enqueue(frame(e))
      controller.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } })
}

/** An SSE answer the test feeds step by step. */
export function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let clientLeft = false
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      clientLeft = true
    },
  })
  return {
    /** True once the client aborted: what the server sees as the connection closing. */
    clientLeft: () => clientLeft,
    response: new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    send: (e: AskStreamEvent) => controller.enqueue(frame(e)),
    raw: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    drop: () => controller.error(new TypeError('network error')),
  }
}

/** A promise the test resolves when it chooses (to hold a response in flight). */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

// ---------- fixtures (shaped like the registry's real entries) ----------

const status = {
  version: 'v1',
  chunks: 812,
  pages: 190,
  ingestedAt: '2026-11-29T10:00:00Z',
  embedded: true,
  fallbackPages: false,
}

export const facebook: FilingInfo = {
  id: 'facebook-s1',
  company: 'Facebook, Inc.',
  ticker: 'FB',
  form: 'S-1',
  filed: '2012-02-01',
  edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1326801/000119312512034517/d287954ds1.htm',
  placeholder: "Ask about Facebook's S-1, e.g. how many daily active users it had",
  questions: [
    'How much revenue did Facebook make in 2011, and how fast did it grow?',
    'What share of revenue came from Zynga?',
  ],
  chips: ['Revenue 2011', 'Zynga'],
  default: true,
  status,
}

export const pandora: FilingInfo = {
  id: 'pandora-s1',
  company: 'Pandora Media, Inc.',
  ticker: 'P',
  form: 'S-1',
  filed: '2011-02-11',
  edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1230276/000119312511032963/ds1.htm',
  placeholder: "Ask about Pandora's S-1, e.g. how many listener hours it streamed",
  questions: ['How many listener hours did Pandora stream in 2010?'],
  chips: ['Listener hours'],
  default: false,
  status: { ...status, chunks: 640, pages: 150 },
}

export const filingsReply: FilingsReply = {
  filings: [facebook, pandora],
  default: 'facebook-s1',
  answerer: { mode: 'llm', model: 'claude-haiku-4-5' },
}

export const citation = (page: string, over: Partial<Citation> = {}): Citation => {
  const figures = over.figures ?? []
  const missing = over.missing ?? []
  return {
    page,
    exists: true,
    verified: true,
    figures,
    missing,
    checks: figures.map((figure) => ({ figure, found: !missing.includes(figure) })),
    ...over,
  }
}

export const source = (chunkId: string, pages: string[], citedPages: string[], text: string): Source => ({
  chunkId,
  pages,
  citedPages,
  pdfPages: pages.map((p) => Number(p.replace(/\D/g, '')) + 7),
  section: 'Management’s Discussion and Analysis',
  text,
  score: 0.5,
})

export function askReply(over: Partial<AskReply> = {}): AskReply {
  return {
    filing: 'facebook-s1',
    answer: 'Revenue was $3,711 million in 2011 (p.56), up 88% from 2010 [p.57].',
    mode: 'llm',
    citations: [citation('56', { figures: ['$3,711 million'] }), citation('57', { figures: ['88%'] })],
    sources: [
      source('c1', ['55', '56'], ['56'], '[p.55] Overview. [p.56] Revenue was $3,711 million in 2011.'),
      source('c2', ['57'], ['57'], '[p.57] Revenue grew 88% compared with 2010.'),
    ],
    session: { used: 5, limit: 8, left: 3 },
    fallbackPages: false,
    ...over,
  }
}

export function pageReply(page: string, text: string, over: Partial<SourcePageReply> = {}): SourcePageReply {
  const n = Number(page)
  return {
    filing: 'facebook-s1',
    page,
    pdfPages: [n + 7],
    text,
    prev: Number.isNaN(n) ? null : String(n - 1),
    next: Number.isNaN(n) ? null : String(n + 1),
    edgarUrl: facebook.edgarUrl,
    tables: [],
    ...over,
  }
}

/** The whole app with a fresh QueryClient (no retries: a failure shows at once). */
export function renderApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  )
  return { ...view, user, queryClient }
}
