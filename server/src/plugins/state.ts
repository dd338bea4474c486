/**
 * `app.counters`: the one store of every allowance (sessions, keys, per-IP, budgets). SQLite under
 * DATA_DIR by default; a caller may pass its own (tests, or another engine). The one place that
 * chooses the implementation, so another engine swaps in here.
 */
import fp from 'fastify-plugin'
import type { Counters } from '../state/counters'
import { SqliteCounters } from '../state/sqlite'

export default fp<{ counters?: Counters }>(
  async (app, opts) => {
    const owned = !opts.counters
    const counters = opts.counters ?? new SqliteCounters(`${app.config.DATA_DIR}/state.sqlite`, app.now)
    app.decorate('counters', counters)
    // Closed after everything else on close (answers in flight still count while they finish).
    if (owned) app.addHook('onClose', async () => counters.close())
  },
  { name: 'state', fastify: '5.x', dependencies: ['store'] },
)
