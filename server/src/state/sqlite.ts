/**
 * Counters in one SQLite file under DATA_DIR (STATE=sqlite, the default): embedded, durable across
 * restarts, right for one server process. Each call is one statement or one transaction, so parallel
 * requests cannot overshoot a limit. Expired rows read as 0 and are overwritten on the next take/add.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { StoreFileError } from '@asks1/shared/store/types'
import Database from 'better-sqlite3'
import type { Counters, TakeResult } from './counters'

const PRUNE_EVERY_MS = 3600 * 1000

/** Opens the counters file; a file SQLite cannot use is named in the one-line error. */
function openCountersDb(file: string): Database.Database {
  let db: Database.Database | undefined
  try {
    db = new Database(file)
    db.pragma('journal_mode = WAL')
    // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last counts.
    db.pragma('synchronous = NORMAL')
    db.pragma('busy_timeout = 2000')
    db.exec(`CREATE TABLE IF NOT EXISTS counters (
      key TEXT PRIMARY KEY,
      value INTEGER NOT NULL,
      reset_at INTEGER NOT NULL
    ) STRICT`)
    return db
  } catch (err) {
    db?.close()
    throw new StoreFileError(file, err)
  }
}

export class SqliteCounters implements Counters {
  private readonly db: Database.Database
  private readonly stmts: ReturnType<SqliteCounters['prepare']>
  private readonly takeTx: (key: string, amount: number, limit: number, resetAt: number) => TakeResult
  private lastPrune = 0

  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    this.db = openCountersDb(file)
    this.stmts = this.prepare()
    this.takeTx = this.db.transaction((key: string, amount: number, limit: number, resetAt: number) => {
      const now = this.now()
      const used = this.stmts.get.get(key, now)?.value ?? 0
      if (used + amount > limit) return { ok: false, used }
      return { ok: true, used: this.stmts.add.get({ key, amount, resetAt, now })?.value ?? amount }
    })
    // Rows of windows that have ended are dead weight: drop them at start, then hourly on writes.
    this.prune()
  }

  /** Deletes the rows whose window has ended; returns how many. */
  prune(): number {
    this.lastPrune = this.now()
    return this.db.prepare('DELETE FROM counters WHERE reset_at <= ?').run(this.lastPrune).changes
  }

  /** No timer to stop, and the injected clock decides: a prune at most once an hour, on a write. */
  private maybePrune(): void {
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) this.prune()
  }

  private prepare() {
    return {
      get: this.db.prepare<[string, number], { value: number }>(
        'SELECT value FROM counters WHERE key = ? AND reset_at > ?',
      ),
      resetAt: this.db.prepare<[string, number], { reset_at: number }>(
        'SELECT reset_at FROM counters WHERE key = ? AND reset_at > ?',
      ),
      // An expired row restarts from the amount with the new window; a live one keeps its window.
      add: this.db.prepare<
        [{ key: string; amount: number; resetAt: number; now: number }],
        { value: number }
      >(
        `INSERT INTO counters (key, value, reset_at) VALUES (@key, @amount, @resetAt)
         ON CONFLICT(key) DO UPDATE SET
           value = CASE WHEN reset_at <= @now THEN @amount ELSE value + @amount END,
           reset_at = CASE WHEN reset_at <= @now THEN @resetAt ELSE reset_at END
         RETURNING value`,
      ),
      giveBack: this.db.prepare<[number, string, number], { value: number }>(
        'UPDATE counters SET value = MAX(value - ?, 0) WHERE key = ? AND reset_at > ? RETURNING value',
      ),
    }
  }

  async take(key: string, amount: number, limit: number, resetAt: number): Promise<TakeResult> {
    this.maybePrune()
    return this.takeTx(key, amount, limit, resetAt)
  }

  async add(key: string, amount: number, resetAt: number): Promise<number> {
    this.maybePrune()
    return this.stmts.add.get({ key, amount, resetAt, now: this.now() })?.value ?? amount
  }

  async giveBack(key: string, amount: number): Promise<number> {
    return this.stmts.giveBack.get(amount, key, this.now())?.value ?? 0
  }

  async get(key: string): Promise<number> {
    return this.stmts.get.get(key, this.now())?.value ?? 0
  }

  async resetAt(key: string): Promise<number | null> {
    return this.stmts.resetAt.get(key, this.now())?.reset_at ?? null
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get()
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close()
  }
}
