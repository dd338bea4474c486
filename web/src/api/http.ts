/**
 * The one place the app talks HTTP: JSON GETs and the error type every failure becomes.
 * Components never see a raw Response or a raw fetch TypeError.
 */
import type { Allowance, ErrorReply, SessionInfo } from '@asks1/shared/contract/api'

export type ApiErrorKind = 'http' | 'network'

/** A failed request: an HTTP error reply from the server, or no reply at all (network). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number
  readonly code: string | undefined
  readonly session: SessionInfo | undefined
  /** The allowance that refused the question (limits and budget), with when it resets. */
  readonly allowance: Allowance | undefined
  /** Seconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined

  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: {
      status?: number
      code?: string
      session?: SessionInfo
      allowance?: Allowance
      retryAfter?: number
      cause?: unknown
    } = {},
  ) {
    super(message, { cause: opts.cause })
    this.name = 'ApiError'
    this.kind = kind
    this.status = opts.status ?? 0
    this.code = opts.code
    this.session = opts.session
    this.allowance = opts.allowance
    this.retryAfter = opts.retryAfter
  }
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

function isErrorReply(body: unknown): body is ErrorReply {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorReply).message === 'string' &&
    typeof (body as ErrorReply).statusCode === 'number'
  )
}

/** Turn an error reply (or an error event's payload) into an ApiError. */
export function errorFromReply(body: unknown, status: number, retryAfter?: number): ApiError {
  if (isErrorReply(body)) {
    return new ApiError('http', body.message, {
      status: body.statusCode || status,
      ...(body.code !== undefined && { code: body.code }),
      ...(body.session !== undefined && { session: body.session }),
      ...(body.allowance !== undefined && { allowance: body.allowance }),
      ...(retryAfter !== undefined && { retryAfter }),
    })
  }
  return new ApiError('http', `The server answered ${status}.`, {
    status,
    ...(retryAfter !== undefined && { retryAfter }),
  })
}

/** An error response → ApiError, reading the JSON error body when there is one. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null
  try {
    body = await res.json()
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status alone decides the copy.
  }
  return errorFromReply(body, res.status, parseRetryAfter(res.headers.get('retry-after')))
}

/** fetch, with "no reply at all" turned into a network ApiError. */
export async function request(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', ...init })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError('network', 'The request did not reach the server.', { cause })
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await request(url, { headers: { accept: 'application/json' }, ...(signal && { signal }) })
  if (!res.ok) throw await errorFromResponse(res)
  return (await res.json()) as T
}
