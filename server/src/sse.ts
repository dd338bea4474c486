/**
 * Server-sent events on a Fastify reply: the headers that keep proxies from buffering, one event per
 * write (JSON data on one line, so no framing escapes are needed), and an end.
 */
import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import Negotiator from 'negotiator'

export const sseEvent = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

export interface EventStream {
  send(event: string, data: unknown): void
  end(): void
}

/** Sends the event-stream headers now and returns the stream to write events to. */
export function openEventStream(reply: FastifyReply): EventStream {
  const out = new PassThrough()
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(out as never)
  return {
    send: (event, data) => {
      if (!out.writableEnded) out.write(sseEvent(event, data))
    },
    end: () => out.end(),
  }
}

/**
 * What an Accept header asks of an answer, by HTTP content negotiation (q-values, wildcards, any
 * case): 'json' (also when absent or any type goes), 'sse', or null when it allows neither (406).
 */
export function answerFormat(accept: string | undefined): 'json' | 'sse' | null {
  const type = new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/event-stream'])
  return type === 'application/json' ? 'json' : type === 'text/event-stream' ? 'sse' : null
}

export const wantsEventStream = (accept: string | undefined): boolean => answerFormat(accept) === 'sse'
