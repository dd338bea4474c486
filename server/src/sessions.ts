/**
 * A browser session's question allowance, kept in the shared Counters (key `session:<id>`), so a
 * restart does not hand every browser a fresh allowance and STATE=redis shares it between processes.
 * A question reserves a slot atomically before any work starts (parallel requests cannot overshoot
 * the cap) and gives it back if the answer fails: a failed question does not count.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '@asks1/shared/config'
import type { SessionInfo } from '@asks1/shared/contract/api'
import type { ServerConfig } from './config'
import type { Counters } from './state/counters'

/** How long a session (its cookie and its count) lives after its first question. */
export const SESSION_TTL_S = 7 * 24 * 3600

/** Session ids as `newSessionId` makes them (the cookie is signed, so only the server makes them). */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{16,128}$/

export const newSessionId = (): string => randomBytes(18).toString('base64url')

/**
 * The secret that signs session cookies: SESSION_SECRET, else one generated once and kept in
 * DATA_DIR/session-secret (mode 600), so sessions survive a restart without any setting. Processes
 * that share no DATA_DIR must all be given the same SESSION_SECRET.
 */
export function sessionSecret(config: Pick<ServerConfig, 'SESSION_SECRET' | 'DATA_DIR'>): {
  secret: string
  source: string
} {
  if (config.SESSION_SECRET) return { secret: config.SESSION_SECRET, source: 'SESSION_SECRET' }
  const file = join(config.DATA_DIR, 'session-secret')
  mkdirSync(config.DATA_DIR, { recursive: true })
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new ConfigError(`${file} holds no usable secret (32+ characters): delete it`)
  return { secret, source: file }
}

export type Reservation = { ok: boolean; session: SessionInfo }

export class SessionAllowance {
  constructor(
    private readonly counters: Counters,
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key = (id: string) => `session:${id}`

  private info(used: number, resetAt: number | null = null): SessionInfo {
    return {
      used,
      limit: this.limit,
      left: Math.max(this.limit - used, 0),
      ...(resetAt !== null && { resetsAt: new Date(resetAt).toISOString() }),
    }
  }

  /** When the session ends and its allowance with it (null: not started, or not known). */
  private resetAt(id: string): Promise<number | null> {
    return this.counters.resetAt(this.key(id))
  }

  /** A session's figures; reading never creates a count (an unknown session has used nothing). */
  async get(id: string): Promise<SessionInfo> {
    const [used, resetAt] = await Promise.all([this.counters.get(this.key(id)), this.resetAt(id)])
    return this.info(used, resetAt)
  }

  /** The figures of a session that has not asked anything yet. */
  fresh(): SessionInfo {
    return this.info(0)
  }

  /** Takes one question from the session's allowance, or reports that none is left. */
  async reserve(id: string): Promise<Reservation> {
    const r = await this.counters.take(this.key(id), 1, this.limit, this.now() + SESSION_TTL_S * 1000)
    return {
      ok: r.ok,
      session: this.info(r.ok ? r.used : Math.max(r.used, this.limit), await this.resetAt(id)),
    }
  }

  /** Gives back a reserved question (the answer failed). */
  async release(id: string): Promise<SessionInfo> {
    const used = await this.counters.giveBack(this.key(id), 1)
    return this.info(used, await this.resetAt(id))
  }
}
