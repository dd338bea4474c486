/**
 * `app.counters`: the one store of every allowance (sessions, keys, per-IP, budgets). The one place
 * that chooses the engine: SQLite under DATA_DIR (STATE=sqlite, default), or Redis through
 * @fastify/redis (STATE=redis: every server process shares the counts, and the rate limit uses the
 * same client). A caller may pass its own counters (tests).
 */
import fastifyRedis from '@fastify/redis'
import fp from 'fastify-plugin'
import type { Counters } from '../state/counters'
import { connectRedis, RedisCounters } from '../state/redis'
import { SqliteCounters } from '../state/sqlite'

export default fp<{ counters?: Counters }>(
  async (app, opts) => {
    if (opts.counters) {
      app.decorate('counters', opts.counters)
      return
    }
    if (app.config.STATE === 'redis') {
      // Connected here first so an unreachable Redis at start is one clear line, not a plugin timeout.
      const client = await connectRedis(app.config.REDIS_URL)
      await app.register(fastifyRedis, { client, closeClient: true })
      app.decorate('counters', new RedisCounters(app.redis, app.now) as Counters)
      return
    }
    const counters = new SqliteCounters(`${app.config.DATA_DIR}/state.sqlite`, app.now)
    app.decorate('counters', counters as Counters)
    // Closed after everything else on close (answers in flight still count while they finish).
    app.addHook('onClose', async () => counters.close())
  },
  { name: 'state', fastify: '5.x', dependencies: ['store'] },
)
