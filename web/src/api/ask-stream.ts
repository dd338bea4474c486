/**
 * POST /ask as server-sent events. EventSource is GET-only, so this is fetch + eventsource-parser:
 * `delta` {text} events, then one `done` (the full AskReply) or `error` (an ErrorReply).
 */
import type { AskBody, AskReply, AskStreamEvent, ErrorReply } from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { ApiError, errorFromReply, errorFromResponse, request } from './http'

/**
 * The visitor stopped the answer (the Stop button): the request was aborted, so the server saw the
 * client leave and gave the question back. Not a failure; the turn keeps what had arrived.
 */
export class StoppedError extends Error {
  /** Whether the server counted the question, as GET /session reported once it settled; null: unknown. */
  counted: boolean | null = null

  constructor(opts: { cause?: unknown } = {}) {
    super('The answer was stopped.', { cause: opts.cause })
    this.name = 'StoppedError'
  }
}

/**
 * Yields the stream's events in order. Ends after `done`; throws an ApiError for an `error` event,
 * an HTTP error reply, a dropped connection or a stream that ends without `done`; throws a
 * StoppedError once `signal` aborts (whatever error the aborted fetch or body read reports).
 */
export async function* streamAsk(body: AskBody, signal?: AbortSignal): AsyncGenerator<AskStreamEvent> {
  let res: Response
  try {
    res = await request(ROUTES.ask, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      ...(signal && { signal }),
    })
  } catch (cause) {
    if (signal?.aborted) throw new StoppedError({ cause })
    throw cause
  }
  if (!res.ok) throw await errorFromResponse(res)

  // A server (or a proxy in between) may answer plain JSON despite the Accept header.
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    yield { event: 'done', data: (await res.json()) as AskReply }
    return
  }
  if (!res.body) throw new ApiError('network', 'The answer stream was empty.')

  const queue: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (message) => queue.push(message) })
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  try {
    while (true) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch (cause) {
        if (signal?.aborted) throw new StoppedError({ cause })
        throw new ApiError('network', 'The connection dropped while the answer was streaming.', { cause })
      }
      parser.feed(decoder.decode(chunk.value, { stream: !chunk.done }))
      while (queue.length > 0) {
        const event = toStreamEvent(queue.shift() as EventSourceMessage)
        if (!event) continue
        if (event.event === 'error') throw errorFromReply(event.data, event.data.statusCode)
        yield event
        if (event.event === 'done') return
      }
      if (chunk.done) break
    }
  } finally {
    reader.releaseLock()
  }
  throw new ApiError('network', 'The answer stream ended before the answer was complete.')
}

/** Parse one SSE message into the contract's event union; unknown events (heartbeats) are skipped. */
export function toStreamEvent(message: EventSourceMessage): AskStreamEvent | null {
  if (message.event !== 'delta' && message.event !== 'done' && message.event !== 'error') return null
  let data: unknown
  try {
    data = JSON.parse(message.data)
  } catch {
    throw new ApiError('http', 'The server sent an answer the app could not read.', { status: 502 })
  }
  if (message.event === 'delta') return { event: 'delta', data: data as { text: string } }
  if (message.event === 'done') return { event: 'done', data: data as AskReply }
  return { event: 'error', data: data as ErrorReply }
}
