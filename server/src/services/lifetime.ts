/**
 * How one /ask request ends: aborted when the client goes away or the answer's deadline passes, and
 * in flight (awaited on close, so a shutdown lets it finish) until the response is fully written.
 */
import type { FastifyReply } from 'fastify'

export interface Lifetime {
  clientGone: AbortController
  deadline: AbortSignal
  signal: AbortSignal
}

/** Ties the answer's lifetime to the response: in flight until fully written or the client is gone. */
export function watchReply(
  reply: FastifyReply,
  timeoutMs: number,
  inflight: Set<Promise<unknown>>,
): Lifetime {
  const clientGone = new AbortController()
  const deadline = AbortSignal.timeout(timeoutMs)
  const sent = new Promise<void>((resolve) => {
    reply.raw.once('finish', resolve)
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort()
      resolve()
    })
  })
  inflight.add(sent)
  void sent.then(() => inflight.delete(sent))
  return { clientGone, deadline, signal: AbortSignal.any([clientGone.signal, deadline]) }
}
