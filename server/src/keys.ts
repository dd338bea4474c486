/**
 * API keys: `Authorization: Bearer <key>` clients with a daily quota of their own. A key is shown
 * once when created; only its SHA-256 is stored (DATA_DIR/keys.sqlite), with a name and the quota,
 * so a copy of the file does not leak a usable key. Revoking keeps the row (the name stays taken).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'

export interface ApiKey {
  /** Short public id (the first hash characters): names the key in logs and counters, never secret. */
  id: string
  name: string
  perDay: number
  createdAt: string
  revokedAt: string | null
}

/** What keys look like: a fixed prefix (so a leaked one is recognisable) and 32 random bytes. */
export const KEY_PREFIX = 'asks1_'
const KEY_RE = /^asks1_[A-Za-z0-9_-]{43}$/
export const KEY_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

export const keysFile = (dataDir: string): string => join(dataDir, 'keys.sqlite')

interface Row {
  id: string
  name: string
  per_day: number
  created_at: string
  revoked_at: string | null
}

const toKey = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
  perDay: r.per_day,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
})

export class KeyStore {
  private readonly db: Database.Database

  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('busy_timeout = 2000')
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL UNIQUE,
      per_day INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      revoked_at TEXT
    ) STRICT`)
  }

  /** Creates a key; returns it in clear text (the only time it exists outside the client). */
  create(name: string, perDay: number): { key: string; info: ApiKey } {
    if (!KEY_NAME_RE.test(name))
      throw new Error(`Invalid key name "${name}": 1–64 letters, digits, ".", "_" or "-"`)
    if (!Number.isInteger(perDay) || perDay < 1) throw new Error('--per-day must be a whole number ≥ 1')
    if (this.db.prepare('SELECT 1 FROM api_keys WHERE name = ?').get(name))
      throw new Error(`A key named "${name}" already exists (keys list shows it)`)
    const key = KEY_PREFIX + randomBytes(32).toString('base64url')
    const hash = hashKey(key)
    const row: Row = {
      id: hash.slice(0, 12),
      name,
      per_day: perDay,
      created_at: new Date(this.now()).toISOString(),
      revoked_at: null,
    }
    this.db
      .prepare(
        'INSERT INTO api_keys (id, hash, name, per_day, created_at) VALUES (@id, @hash, @name, @per_day, @created_at)',
      )
      .run({ ...row, hash })
    return { key, info: toKey(row) }
  }

  /** The live key a client presented, or null (unknown, malformed or revoked). */
  verify(key: string): ApiKey | null {
    if (!KEY_RE.test(key)) return null
    const row = this.db
      .prepare<[string], Row>('SELECT * FROM api_keys WHERE hash = ? AND revoked_at IS NULL')
      .get(hashKey(key))
    return row ? toKey(row) : null
  }

  list(): ApiKey[] {
    return this.db.prepare<[], Row>('SELECT * FROM api_keys ORDER BY created_at, name').all().map(toKey)
  }

  /** Revokes by name or id; false when there is no such live key. */
  revoke(nameOrId: string): boolean {
    const at = new Date(this.now()).toISOString()
    return (
      this.db
        .prepare('UPDATE api_keys SET revoked_at = ? WHERE (name = ? OR id = ?) AND revoked_at IS NULL')
        .run(at, nameOrId, nameOrId).changes > 0
    )
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}
