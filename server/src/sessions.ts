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
import { StoreFileError } from '@asks1/shared/store/types'
import Database from 'better-sqlite3'
import type { FastifyRequest } from 'fastify'
import { AppError } from './errors'

/** Accepted session ids: what `newSessionId` makes, or an API client's own opaque token. */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{16,128}$/

export const newSessionId = (): string => randomBytes(18).toString('base64url')

/** A session lives as long as its cookie, counted from its last question; then its row is deleted. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000
const PRUNE_EVERY_MS = 3600 * 1000

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

export type Reservation = { ok: true; session: SessionInfo } | { ok: false; session: SessionInfo }

export class SessionStore {
  private readonly db: Database.Database
  private readonly reserveStmt: Database.Statement<
    [{ id: string; now: number; limit: number; cutoff: number }],
    { used: number }
  >
  private readonly releaseStmt: Database.Statement<[number, string], { used: number }>
  private readonly usedStmt: Database.Statement<[string, number], { used: number }>
  private readonly pruneStmt: Database.Statement<[number]>
  private lastPrune = 0

  constructor(
    readonly file: string,
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    let db: Database.Database | undefined
    try {
      db = new Database(file)
      db.pragma('journal_mode = WAL')
      // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last counts.
      db.pragma('synchronous = NORMAL')
      db.pragma('busy_timeout = 2000')
      db.exec(`CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY,
        used INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT`)
      db.exec('CREATE INDEX IF NOT EXISTS sessions_updated ON sessions (updated_at)')
    } catch (err) {
      db?.close()
      throw new StoreFileError(file, err)
    }
    this.db = db
    // One statement: insert-or-increment only while under the cap, so it is atomic without a transaction.
    // A row past its time to live counts as a new session (the prune may not have run yet).
    this.reserveStmt = this.db.prepare(`INSERT INTO sessions (id, used, created_at, updated_at)
      VALUES (@id, 1, @now, @now)
      ON CONFLICT(id) DO UPDATE SET
        used = CASE WHEN updated_at < @cutoff THEN 1 ELSE used + 1 END,
        created_at = CASE WHEN updated_at < @cutoff THEN @now ELSE created_at END,
        updated_at = @now
      WHERE used < @limit OR updated_at < @cutoff
      RETURNING used`)
    this.releaseStmt = this.db.prepare(
      'UPDATE sessions SET used = MAX(used - 1, 0), updated_at = ? WHERE id = ? RETURNING used',
    )
    this.usedStmt = this.db.prepare('SELECT used FROM sessions WHERE id = ? AND updated_at >= ?')
    this.pruneStmt = this.db.prepare('DELETE FROM sessions WHERE updated_at < ?')
    this.prune()
  }

  private cutoff(): number {
    return this.now() - SESSION_TTL_MS
  }

  /** Deletes sessions idle past their time to live (the cookie's lifetime); returns how many. */
  prune(): number {
    this.lastPrune = this.now()
    return this.pruneStmt.run(this.cutoff()).changes
  }

  /** At most one prune an hour, piggybacked on writes: no timer to stop, and the clock stays injectable. */
  private maybePrune(): void {
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) this.prune()
  }

  private info(used: number): SessionInfo {
    return { used, limit: this.limit, left: Math.max(this.limit - used, 0) }
  }

  /** A session's figures; reading never creates a row (an unknown session has used nothing). */
  get(id: string): SessionInfo {
    return this.info(this.usedStmt.get(id, this.cutoff())?.used ?? 0)
  }

  /** The figures of a session that has not asked anything yet. */
  fresh(): SessionInfo {
    return this.info(0)
  }

  /** Takes one question from the session's allowance, or reports that none is left. */
  reserve(id: string): Reservation {
    this.maybePrune()
    const row = this.reserveStmt.get({ id, now: this.now(), limit: this.limit, cutoff: this.cutoff() })
    if (row) return { ok: true, session: this.info(row.used) }
    return { ok: false, session: this.info(Math.max(this.get(id).used, this.limit)) }
  }

  /** Gives back a reserved question (the answer failed). */
  release(id: string): SessionInfo {
    const row = this.releaseStmt.get(this.now(), id)
    return this.info(row?.used ?? 0)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}
