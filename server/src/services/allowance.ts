/**
 * Who may ask how much. An API key counts against its own daily quota; everything without a key
 * (browser sessions included, since a new session is free to get) shares its IP address's daily cap,
 * and a session's questions sit inside it. A question takes its slots before any work and gives them
 * back if it is not answered; a refusal names the allowance, what is left and when it resets.
 */
import type { Allowance, SessionInfo } from '@asks1/shared/contract/api'
import type { Caller } from '../callers'
import type { ServerConfig } from '../config'
import { AppError } from '../errors'
import type { SessionAllowance } from '../sessions'
import type { Counters } from '../state/counters'
import { nextUtcMidnight, secondsUntil, utcDay } from './day'

/** The counters one question took, to give back if it is not answered. */
export interface Ticket {
  keys: string[]
  caller: Caller
}

const iso = (ms: number) => new Date(ms).toISOString()

export class Allowances {
  constructor(
    private readonly counters: Counters,
    private readonly sessions: SessionAllowance,
    private readonly config: Pick<ServerConfig, 'ANON_QUESTIONS_PER_IP_PER_DAY'>,
    private readonly now: () => number,
  ) {}

  private keyCounter = (id: string, now: number) => `key:${id}:${utcDay(now)}`
  private ipCounter = (ip: string, now: number) => `ip:${ip}:${utcDay(now)}`

  /** Takes one question from the caller's allowances, or throws the 429 that says which is spent. */
  async reserve(caller: Caller): Promise<{ ticket: Ticket; info: SessionInfo }> {
    const now = this.now()
    const resetAt = nextUtcMidnight(now)
    if (caller.kind === 'key') {
      const { key } = caller
      const counter = this.keyCounter(key.id, now)
      const r = await this.counters.take(counter, 1, key.perDay, resetAt)
      const info = {
        used: r.used,
        limit: key.perDay,
        left: Math.max(key.perDay - r.used, 0),
        resetsAt: iso(resetAt),
      }
      if (!r.ok)
        throw new AppError(
          429,
          'KEY_QUOTA',
          `This API key has asked all ${key.perDay} questions it may ask today. The quota starts again at midnight UTC.`,
          {
            session: info,
            allowance: allowance('key', r.used, key.perDay, resetAt),
            retryAfter: secondsUntil(resetAt, now),
          },
        )
      return { ticket: { keys: [counter], caller }, info }
    }
    const cap = this.config.ANON_QUESTIONS_PER_IP_PER_DAY
    const ipCounter = this.ipCounter(caller.ip, now)
    const ip = await this.counters.take(ipCounter, 1, cap, resetAt)
    if (!ip.ok) {
      const session = caller.sessionId ? await this.sessions.get(caller.sessionId) : this.sessions.fresh()
      throw new AppError(
        429,
        'IP_DAILY_LIMIT',
        `Your network has asked all ${cap} questions AskS1 answers per address each day without an API key. They start again at midnight UTC.`,
        {
          session: { ...session, left: 0 },
          allowance: allowance('address', ip.used, cap, resetAt),
          retryAfter: secondsUntil(resetAt, now),
        },
      )
    }
    const sessionId = caller.sessionId as string
    const s = await this.sessions.reserve(sessionId)
    if (!s.ok) {
      await this.counters.giveBack(ipCounter, 1)
      throw new AppError(
        429,
        'SESSION_LIMIT',
        `You have asked all ${s.session.limit} questions this session allows. Thank you for trying AskS1!`,
        { session: s.session, allowance: allowance('session', s.session.used, s.session.limit, null) },
      )
    }
    const info = bounded(s.session, cap - ip.used, resetAt)
    return { ticket: { keys: [ipCounter, `session:${sessionId}`], caller }, info }
  }

  /** Gives a question back (it was not answered); returns the caller's figures after. */
  async release(ticket: Ticket): Promise<SessionInfo> {
    await Promise.all(ticket.keys.map((k) => this.counters.giveBack(k, 1)))
    return this.view(ticket.caller)
  }

  /** The caller's figures without taking anything (GET /session, refusals). */
  async view(caller: Caller): Promise<SessionInfo> {
    const now = this.now()
    if (caller.kind === 'key') {
      const used = await this.counters.get(this.keyCounter(caller.key.id, now))
      return {
        used,
        limit: caller.key.perDay,
        left: Math.max(caller.key.perDay - used, 0),
        resetsAt: iso(nextUtcMidnight(now)),
      }
    }
    const cap = this.config.ANON_QUESTIONS_PER_IP_PER_DAY
    const [ipUsed, session] = await Promise.all([
      this.counters.get(this.ipCounter(caller.ip, now)),
      caller.sessionId ? this.sessions.get(caller.sessionId) : this.sessions.fresh(),
    ])
    return bounded(session, cap - ipUsed, nextUtcMidnight(now))
  }
}

/**
 * A session's figures inside its address's daily allowance: when the address's is the tighter one,
 * more questions come at its reset (midnight UTC), not at the session's.
 */
function bounded(session: SessionInfo, addressLeft: number, addressResetAt: number): SessionInfo {
  const left = Math.max(Math.min(session.left, addressLeft), 0)
  if (addressLeft >= session.left) return { ...session, left }
  return { ...session, left, resetsAt: iso(addressResetAt) }
}

export const allowance = (
  scope: Allowance['scope'],
  used: number,
  limit: number,
  resetAt: number | null,
): Allowance => ({
  scope,
  used,
  limit,
  left: Math.max(limit - used, 0),
  resetsAt: resetAt === null ? null : iso(resetAt),
})
