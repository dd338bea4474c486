/**
 * Errors the API returns on purpose, and the mapping from Claude API failures to plain-language
 * replies. Pure: no Fastify here, so the mapping is unit-tested on its own. No upstream error text
 * ever reaches a client; it goes to the log only.
 */

import { STATUS_CODES } from 'node:http'
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk'
import type { Allowance, ErrorReply, SessionInfo } from '@asks1/shared/contract/api'

const statusName = (status: number): string =>
  status === 499 ? 'Client Closed Request' : (STATUS_CODES[status] ?? 'Error')

export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: {
      retryAfter?: number
      session?: SessionInfo
      allowance?: Allowance
      cause?: unknown
    } = {},
  ) {
    super(message, { cause: extra.cause })
  }

  toReply(): ErrorReply {
    return {
      statusCode: this.statusCode,
      error: statusName(this.statusCode),
      message: this.message,
      code: this.code,
      ...(this.extra.session ? { session: this.extra.session } : {}),
      ...(this.extra.allowance ? { allowance: this.extra.allowance } : {}),
    }
  }
}

export const statusText = statusName

const NOT_COUNTED = 'Your question was not counted against your session.'

/** Seconds to wait from an upstream `retry-after` (seconds or HTTP date), bounded to something sane. */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now(), fallback = 30): number {
  const raw = headers?.get('retry-after')
  if (!raw) return fallback
  const secs = /^\d+(?:\.\d+)?$/.test(raw.trim()) ? Number(raw) : (Date.parse(raw) - now) / 1000
  if (!Number.isFinite(secs)) return fallback
  return Math.min(Math.max(Math.ceil(secs), 1), 600)
}

/** Is this upstream error about the account's credit or billing (Anthropic sends 400 or 402)? */
function isBilling(err: APIError): boolean {
  if (err.status === 402) return true
  const body = err.error as { error?: { type?: string; message?: string } } | undefined
  const type = err.type ?? body?.error?.type
  if (type === 'billing_error') return true
  // The wording is the only signal on a 400 ("Your credit balance is too low to access the Anthropic API").
  const text = `${err.apiMessage ?? body?.error?.message ?? ''}`
  return err.status === 400 && /credit balance|billing|purchase credits/i.test(text)
}

/** Maps any error thrown while asking Claude to the reply the client sees. */
export function upstreamError(err: unknown): AppError {
  if (err instanceof AppError) return err
  if (err instanceof APIUserAbortError)
    return new AppError(499, 'CLIENT_CLOSED', 'The request was cancelled.', { cause: err })
  if (err instanceof APIConnectionTimeoutError || (err as Error)?.name === 'TimeoutError')
    return new AppError(
      504,
      'TIMEOUT',
      `The AI model took too long to answer. ${NOT_COUNTED} Please try again in a moment.`,
      { cause: err, retryAfter: 10 },
    )
  if (err instanceof APIConnectionError)
    return new AppError(
      503,
      'UPSTREAM_UNAVAILABLE',
      `The AI model could not be reached. ${NOT_COUNTED} Please try again in a moment.`,
      { cause: err, retryAfter: 10 },
    )
  if (err instanceof APIError) {
    if (isBilling(err))
      return new AppError(
        402,
        'BILLING',
        `This demo's AI service has run out of credit, so it cannot answer right now. ${NOT_COUNTED} Please try again later.`,
        { cause: err },
      )
    const status = err.status ?? 0
    if (status === 429)
      return new AppError(
        503,
        'UPSTREAM_RATE_LIMITED',
        `The AI service is receiving too many questions right now. ${NOT_COUNTED} Please try again shortly.`,
        { cause: err, retryAfter: retryAfterSeconds(err.headers) },
      )
    if (status === 529 || status >= 500 || err.type === 'overloaded_error')
      return new AppError(
        503,
        'OVERLOADED',
        `The AI service is overloaded at the moment. ${NOT_COUNTED} Please try again shortly.`,
        { cause: err, retryAfter: retryAfterSeconds(err.headers) },
      )
    if (status === 401 || status === 403)
      return new AppError(
        503,
        'UPSTREAM_AUTH',
        `The AI service rejected this server's credentials. ${NOT_COUNTED} The operator has been told.`,
        { cause: err, retryAfter: 300 },
      )
    return new AppError(
      502,
      'UPSTREAM_ERROR',
      `The AI service could not answer this question. ${NOT_COUNTED}`,
      { cause: err },
    )
  }
  return new AppError(500, 'INTERNAL', `Something went wrong while answering. ${NOT_COUNTED}`, {
    cause: err,
  })
}
