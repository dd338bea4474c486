/**
 * The one primitive behind every allowance (a session's questions, an API key's daily quota, the
 * per-IP daily cap, the global question and spend budgets, the rate limit): a named counter that is
 * checked and incremented atomically and forgets itself when its window ends.
 *
 * Two homes implement it: SQLite (embedded, one process; `STATE=sqlite`) and Redis (shared by many
 * server processes; `STATE=redis`). Both must pass the same contract tests. Amounts are integers
 * (questions, or micro-dollars for spend), so no rounding drifts between implementations.
 */
export interface TakeResult {
  /** True when the amount was added (the limit was not passed). */
  ok: boolean
  /** The counter's value after the call (unchanged when `ok` is false). */
  used: number
}

export interface Counters {
  /**
   * Adds `amount` to `key` when the result stays ≤ `limit`, in one atomic step; otherwise changes
   * nothing. A new key expires at `resetAt` (epoch ms), after which it reads as 0 again.
   */
  take(key: string, amount: number, limit: number, resetAt: number): Promise<TakeResult>
  /** Adds `amount` without a limit (spend known only after the answer); returns the new value. */
  add(key: string, amount: number, resetAt: number): Promise<number>
  /** Gives back `amount` (never below 0); returns the new value. */
  giveBack(key: string, amount: number): Promise<number>
  /** The current value (0 for an unknown or expired key); never creates the key. */
  get(key: string): Promise<number>
  /** When a live key's window ends (epoch ms); null for an unknown or expired key. */
  resetAt(key: string): Promise<number | null>
  /** Throws when the backing engine is unreachable (readiness). */
  ping(): Promise<void>
  close(): Promise<void>
}
