/**
 * Per-session question counts in SQLite under DATA_DIR, so a restart does not hand every browser
 * a fresh allowance. A question reserves a slot atomically before any work starts (so parallel
 * requests cannot overshoot the cap) and gives it back if the answer fails: a failed question
 * does not count.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { SessionInfo } from '@asks1/shared/contract/api'
import Database from 'better-sqlite3'
import type { FastifyRequest } from 'fastify'
import { AppError } from './errors'

/** Accepted session ids: what `newSessionId` makes, or an API client's own opaque token. */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{16,128}$/

export const newSessionId = (): string => randomBytes(18).toString('base64url')

/**
 * How long a browser session lives: its cookie is set once, at the first question, for this long,
 * after which the browser starts a new session with a full allowance (the reset the app announces).
 */
export const SESSION_TTL_S = 7 * 24 * 3600

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

type Row = { used: number; created_at: number }

export type Reservation = { ok: true; session: SessionInfo } | { ok: false; session: SessionInfo }

export class SessionStore {
  private readonly db: Database.Database
  private readonly reserveStmt: Database.Statement<[{ id: string; now: number; limit: number }], Row>
  private readonly releaseStmt: Database.Statement<[number, string], Row>
  private readonly usedStmt: Database.Statement<[string], Row>

  constructor(
    readonly file: string,
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last counts.
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('busy_timeout = 2000')
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      used INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`)
    // One statement: insert-or-increment only while under the cap, so it is atomic without a transaction.
    this.reserveStmt = this.db.prepare(`INSERT INTO sessions (id, used, created_at, updated_at)
      VALUES (@id, 1, @now, @now)
      ON CONFLICT(id) DO UPDATE SET used = used + 1, updated_at = @now WHERE used < @limit
      RETURNING used, created_at`)
    this.releaseStmt = this.db.prepare(
      'UPDATE sessions SET used = MAX(used - 1, 0), updated_at = ? WHERE id = ? RETURNING used, created_at',
    )
    this.usedStmt = this.db.prepare('SELECT used, created_at FROM sessions WHERE id = ?')
  }

  /** `resetsAt` only for a session that has asked: a new one's allowance starts at its first question. */
  private info(used: number, createdAt?: number): SessionInfo {
    return {
      used,
      limit: this.limit,
      left: Math.max(this.limit - used, 0),
      ...(createdAt !== undefined && { resetsAt: new Date(createdAt + SESSION_TTL_S * 1000).toISOString() }),
    }
  }

  /** A session's figures; reading never creates a row (an unknown session has used nothing). */
  get(id: string): SessionInfo {
    const row = this.usedStmt.get(id)
    return row ? this.info(row.used, row.created_at) : this.info(0)
  }

  /** The figures of a session that has not asked anything yet. */
  fresh(): SessionInfo {
    return this.info(0)
  }

  /** Takes one question from the session's allowance, or reports that none is left. */
  reserve(id: string): Reservation {
    const row = this.reserveStmt.get({ id, now: this.now(), limit: this.limit })
    if (row) return { ok: true, session: this.info(row.used, row.created_at) }
    const current = this.usedStmt.get(id)
    return { ok: false, session: this.info(Math.max(current?.used ?? 0, this.limit), current?.created_at) }
  }

  /** Gives back a reserved question (the answer failed). */
  release(id: string): SessionInfo {
    const row = this.releaseStmt.get(this.now(), id)
    return row ? this.info(row.used, row.created_at) : this.info(0)
  }

  /** Answers being produced per session: a settled read waits for them (see `settled`). */
  private readonly answering = new Map<string, Set<Promise<unknown>>>()

  /** Marks an answer of `id` as in progress until `work` settles (then its count is final). */
  track(id: string, work: Promise<unknown>): void {
    const set = this.answering.get(id) ?? new Set()
    this.answering.set(id, set)
    set.add(work)
    const done = () => {
      set.delete(work)
      if (set.size === 0 && this.answering.get(id) === set) this.answering.delete(id)
    }
    work.then(done, done)
  }

  /**
   * Resolves once every answer of `id` in progress has settled (so a question stopped by its client
   * has been given back, or counted), or after `maxMs` at the latest.
   */
  async settled(id: string, maxMs: number): Promise<void> {
    const pending = this.answering.get(id)
    if (!pending?.size) return
    let timer: NodeJS.Timeout | undefined
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs)
    })
    await Promise.race([Promise.allSettled([...pending]), cap])
    clearTimeout(timer)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}
