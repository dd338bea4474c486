/**
 * A browser session's question allowance, kept in the shared Counters (key `session:<id>`), so a
 * restart does not hand every browser a fresh allowance and STATE=redis shares it between processes.
 * A question reserves a slot atomically before any work starts (parallel requests cannot overshoot
 * the cap) and gives it back if the answer fails: a failed question does not count.
 */
import { randomBytes } from 'node:crypto'
import type { SessionInfo } from '@asks1/shared/contract/api'
import type { FastifyRequest } from 'fastify'
import { AppError } from './errors'
import type { Counters } from './state/counters'

/** How long a session (its cookie and its count) lives after its first question. */
export const SESSION_TTL_S = 7 * 24 * 3600

/** Accepted session ids: what `newSessionId` makes, or an API client's own opaque token. */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{16,128}$/

export const newSessionId = (): string => randomBytes(18).toString('base64url')

/**
 * The session a request names: the X-Session-Id header (API clients), else the cookie; null when it
 * names none (a malformed cookie counts as none). A malformed header is the client's mistake: 400.
 */
export function requestSessionId(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers['x-session-id']
  if (header !== undefined) {
    if (typeof header !== 'string' || !SESSION_ID_RE.test(header))
      throw new AppError(
        400,
        'VALIDATION',
        'Invalid X-Session-Id: use 16–128 characters of letters, digits, "_" or "-".',
      )
    return header
  }
  const fromCookie = request.cookies[cookieName]
  return fromCookie && SESSION_ID_RE.test(fromCookie) ? fromCookie : null
}

export type Reservation = { ok: boolean; session: SessionInfo }

export class SessionAllowance {
  constructor(
    private readonly counters: Counters,
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key = (id: string) => `session:${id}`

  private info(used: number): SessionInfo {
    return { used, limit: this.limit, left: Math.max(this.limit - used, 0) }
  }

  /** A session's figures; reading never creates a count (an unknown session has used nothing). */
  async get(id: string): Promise<SessionInfo> {
    return this.info(await this.counters.get(this.key(id)))
  }

  /** The figures of a session that has not asked anything yet. */
  fresh(): SessionInfo {
    return this.info(0)
  }

  /** Takes one question from the session's allowance, or reports that none is left. */
  async reserve(id: string): Promise<Reservation> {
    const r = await this.counters.take(this.key(id), 1, this.limit, this.now() + SESSION_TTL_S * 1000)
    return { ok: r.ok, session: this.info(r.ok ? r.used : Math.max(r.used, this.limit)) }
  }

  /** Gives back a reserved question (the answer failed). */
  async release(id: string): Promise<SessionInfo> {
    return this.info(await this.counters.giveBack(this.key(id), 1))
  }
}
