/**
 * Who is asking: an API client (a live key in `Authorization: Bearer …`) or a visitor (an IP address
 * and the session in the signed cookie). Only the server mints session ids: an unsigned or forged
 * cookie is no session at all (a new visitor), and a client-chosen X-Session-Id is refused with a
 * 400 that says what to send instead, so no client picks an allowance of its own.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './errors'
import type { ApiKey, KeyStore } from './keys'
import { newSessionId, SESSION_ID_RE, SESSION_TTL_S } from './sessions'

export type Caller =
  | { kind: 'key'; key: ApiKey }
  /** `sessionId` null: no valid session cookie (GET /session does not make one). */
  | { kind: 'visitor'; ip: string; sessionId: string | null }

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i

/** The caller as the request names it; throws 400/401 for a header it cannot accept. */
export function identify(request: FastifyRequest, keys: KeyStore, cookieName: string): Caller {
  if (request.headers['x-session-id'] !== undefined)
    throw new AppError(
      400,
      'SESSION_HEADER_UNSUPPORTED',
      'X-Session-Id is no longer accepted. API clients send an API key (Authorization: Bearer …); browsers keep the session cookie the server sets.',
    )
  const auth = request.headers.authorization
  if (auth !== undefined) {
    const given = BEARER_RE.exec(auth)?.[1]
    const key = given ? keys.verify(given) : null
    if (!key)
      throw new AppError(
        401,
        'INVALID_API_KEY',
        'This API key is not valid (unknown, mistyped or revoked). Send Authorization: Bearer <key>, or leave the header out to ask as a visitor.',
      )
    return { kind: 'key', key }
  }
  return { kind: 'visitor', ip: request.ip, sessionId: signedSession(request, cookieName) }
}

/** The session id in a validly signed cookie, else null. */
function signedSession(request: FastifyRequest, cookieName: string): string | null {
  const raw = request.cookies[cookieName]
  if (!raw) return null
  const { valid, value } = request.unsignCookie(raw)
  return valid && value && SESSION_ID_RE.test(value) ? value : null
}

/** A visitor without a session gets one now, in a signed cookie; returns the session id. */
export function ensureSession(
  caller: Caller & { kind: 'visitor' },
  reply: FastifyReply,
  cookieName: string,
): string {
  if (caller.sessionId) return caller.sessionId
  const id = newSessionId()
  reply.setCookie(cookieName, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    signed: true,
    maxAge: SESSION_TTL_S,
  })
  caller.sessionId = id
  return id
}

/** A caller's allowance as one name (an API key, or a browser session); null: no session yet. */
export function callerTag(caller: Caller): string | null {
  if (caller.kind === 'key') return `key:${caller.key.id}`
  return caller.sessionId ? `session:${caller.sessionId}` : null
}
