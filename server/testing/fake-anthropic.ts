/**
 * A LOCAL FAKE of the Anthropic Messages API — the one mock in these tests, because the real API
 * cannot be reached here (no network, no key). It is a real HTTP server on 127.0.0.1 that speaks
 * the documented wire formats, so the real @anthropic-ai/sdk (pointed at it with `baseURL`) does
 * its real request building, SSE parsing, retries and error classification:
 *   - POST /v1/messages, JSON (`stream: false`) and server-sent events (`stream: true`: message_start,
 *     content_block_start, ping, content_block_delta text_delta…, content_block_stop, message_delta,
 *     message_stop);
 *   - error bodies `{"type":"error","error":{"type","message"},"request_id"}` with the statuses the
 *     API uses: 400 "credit balance is too low" (billing), 429 rate_limit_error (+ retry-after),
 *     529 overloaded_error, and an `error` event in the middle of a stream.
 * Tests queue what the next requests get (or answer each request from what it asks, with `reply`)
 * and read back what the SDK sent. Test-only: it lives outside `src/`, so the server never loads it;
 * the server's, the eval's and the web's end-to-end tests import it as
 * `@asks1/server/testing/fake-anthropic`.
 */
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeReply =
  | {
      kind: 'text'
      text: string
      chunks?: number
      delayMs?: number
      firstDelayMs?: number
      /** The reply waits for this before its first event (a test opens it: no timing involved). */
      gate?: Promise<void>
      /** After message_stop, keep the response open until the client closes it (a slow final close). */
      holdOpen?: boolean
      /**
       * Stream the text, then neither finish the block nor the message: the answer is still "being
       * written" until the client goes away (a visitor pressing Stop).
       */
      unfinished?: boolean
    }
  | { kind: 'error'; status: number; type: string; message: string; headers?: Record<string, string> }
  /** Streams some text, then an SSE `error` event (as the API does when overloaded mid-answer). */
  | { kind: 'stream-error'; text: string; type: string; message: string }
  /** Accepts the request and never answers (timeouts). */
  | { kind: 'hang' }

export interface RecordedRequest {
  path: string
  headers: IncomingMessage['headers']
  body: {
    model: string
    max_tokens: number
    system?: string
    stream?: boolean
    messages: { role: string; content: string }[]
  }
}

export const BILLING_MESSAGE =
  'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.'

export interface FakeAnthropic {
  url: string
  requests: RecordedRequest[]
  /**
   * Chooses the reply from the request (e.g. by the filing the system prompt names); when it returns
   * undefined (or is unset), the queue answers, then `fallback`.
   */
  reply?: (request: RecordedRequest) => FakeReply | undefined
  /** Replies for the next requests, in order; when empty, `fallback` answers. */
  queue: FakeReply[]
  fallback: FakeReply
  /** Requests whose client went away before the reply finished. */
  aborted: number
  /** Streamed replies open right now, and the most ever open at once. */
  active: number
  maxActive: number
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / n))
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  let seq = 0
  const sockets = new Set<import('node:net').Socket>()
  const fake: FakeAnthropic = {
    url: '',
    requests: [],
    queue: [],
    fallback: { kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].' },
    aborted: 0,
    active: 0,
    maxActive: 0,
    close: async () => {},
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw: Buffer[] = []
    for await (const c of req) raw.push(c as Buffer)
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }))
      return
    }
    const key = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '')
    if (!key) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'authentication_error', message: 'x-api-key header is required' },
        }),
      )
      return
    }
    const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as RecordedRequest['body']
    const recorded: RecordedRequest = { path: req.url, headers: req.headers, body }
    fake.requests.push(recorded)
    const reply = fake.reply?.(recorded) ?? fake.queue.shift() ?? fake.fallback
    const id = `msg_fake_${++seq}`
    const requestId = `req_fake_${seq}`
    let closed = false
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true
        fake.aborted++
      }
    })

    if (reply.kind === 'hang') return
    if (reply.kind === 'error') {
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': requestId,
        ...reply.headers,
      })
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: reply.type, message: reply.message },
          request_id: requestId,
        }),
      )
      return
    }
    const text = reply.text
    const usage = { input_tokens: JSON.stringify(body).length >> 2, output_tokens: text.length >> 2 }
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId })
      res.end(
        JSON.stringify({
          id,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [{ type: 'text', text }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage,
        }),
      )
      return
    }
    fake.active++
    fake.maxActive = Math.max(fake.maxActive, fake.active)
    res.once('close', () => fake.active--)
    if (reply.kind === 'text' && reply.gate) await reply.gate
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': requestId,
    })
    const send = (event: string, data: object) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    }
    send('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    })
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    })
    send('ping', { type: 'ping' })
    const delays = reply.kind === 'text' ? reply : { delayMs: 0, firstDelayMs: 0 }
    if (delays.firstDelayMs) await sleep(delays.firstDelayMs)
    const parts = split(text, reply.kind === 'text' ? (reply.chunks ?? 4) : 2)
    for (const part of parts) {
      if (closed) return
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: part },
      })
      if (delays.delayMs) await sleep(delays.delayMs)
    }
    if (reply.kind === 'stream-error') {
      send('error', { type: 'error', error: { type: reply.type, message: reply.message } })
      res.end()
      return
    }
    if (reply.kind === 'text' && reply.unfinished) return
    send('content_block_stop', { type: 'content_block_stop', index: 0 })
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    })
    send('message_stop', { type: 'message_stop' })
    if (reply.kind === 'text' && reply.holdOpen) return
    res.end()
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500)
      res.end(String(err))
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${port}`
  fake.close = async () => {
    for (const s of sockets) s.destroy()
    await new Promise<void>((r) => server.close(() => r()))
  }
  return fake
}
