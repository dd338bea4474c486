import { describe, expect, test, vi } from 'vitest'
import { StoppedError, streamAsk } from '../src/api/ask-stream'
import { ApiError, parseRetryAfter } from '../src/api/http'
import { askReply, fakeApi, sseStream } from './fake-api'

/** A Response whose body arrives in the given byte chunks (to split events and characters anywhere). */
function chunked(parts: Uint8Array[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(p)
      c.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
}

describe('streamAsk (fetch faked at the boundary)', () => {
  test('events split at arbitrary bytes, even inside a multi-byte character, arrive whole and in order', async () => {
    const reply = askReply({ answer: 'Revenue — €3,711 million [p.56].' })
    const text =
      ': heartbeat\n\n' +
      'event: delta\ndata: {"text":"Revenue — €3,711"}\n\n' +
      'event: ping\ndata: {}\n\n' +
      `event: delta\ndata: {"text":" million [p.56]."}\n\nevent: done\ndata: ${JSON.stringify(reply)}\n\n`
    const bytes = new TextEncoder().encode(text)
    const parts: Uint8Array[] = []
    for (let i = 0; i < bytes.length; i += 7) parts.push(bytes.slice(i, i + 7))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => chunked(parts)),
    )
    const events = []
    for await (const e of streamAsk({ filing: 'facebook-s1', question: 'q' })) events.push(e)
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Revenue — €3,711' } },
      { event: 'delta', data: { text: ' million [p.56].' } },
      { event: 'done', data: reply },
    ])
  })

  test('an error event becomes an ApiError carrying code and session', async () => {
    const error = {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Limit.',
      code: 'SESSION_LIMIT',
      session: { used: 8, limit: 8, left: 0 },
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        chunked([new TextEncoder().encode(`event: error\ndata: ${JSON.stringify(error)}\n\n`)]),
      ),
    )
    const run = async () => {
      for await (const _ of streamAsk({ filing: 'f', question: 'q' })) {
        // drain
      }
    }
    await expect(run()).rejects.toMatchObject({
      kind: 'http',
      status: 429,
      code: 'SESSION_LIMIT',
      session: error.session,
    })
    await expect(run()).rejects.toBeInstanceOf(ApiError)
  })

  test('Retry-After in seconds or as an HTTP date', () => {
    expect(parseRetryAfter('20')).toBe(20)
    expect(parseRetryAfter(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30)
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
  })

  test('an abort is a StoppedError, not a network failure, whether it comes before or during the stream', async () => {
    const stream = sseStream()
    fakeApi({ 'POST /ask': () => stream.response })
    const controller = new AbortController()
    const events = streamAsk({ filing: 'facebook-s1', question: 'q' }, controller.signal)
    stream.send({ event: 'delta', data: { text: 'Revenue' } })
    expect((await events.next()).value).toEqual({ event: 'delta', data: { text: 'Revenue' } })
    const next = events.next()
    controller.abort()
    await expect(next).rejects.toBeInstanceOf(StoppedError)
    expect(stream.clientLeft()).toBe(true)

    const early = new AbortController()
    early.abort()
    await expect(
      streamAsk({ filing: 'facebook-s1', question: 'q' }, early.signal).next(),
    ).rejects.toBeInstanceOf(StoppedError)
  })
})
