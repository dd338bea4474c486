/**
 * The Counters contract, run against every implementation (SQLite here; Redis adds itself to the
 * list): atomic take under a limit, windows that end at their reset time, give-back never below 0.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Counters } from '../src/state/counters'
import { connectRedis, RedisCounters } from '../src/state/redis'
import { SqliteCounters } from '../src/state/sqlite'
import { freePort, type RedisProcess, startRedis } from '../testing/redis-server'

interface Made {
  counters: Counters
  clock: { t: number }
  cleanup(): Promise<void>
}

// One real redis-server for the Redis runs, started on first use; each run has its own key prefix.
let redisServer: Promise<RedisProcess> | undefined
let runs = 0
afterAll(async () => (await redisServer)?.cleanup())

const implementations: Record<string, () => Promise<Made>> = {
  redis: async () => {
    redisServer ??= startRedis()
    const server = await redisServer
    const clock = { t: Date.now() }
    const client = await connectRedis(server.url)
    const counters = new RedisCounters(client, () => clock.t, `test${++runs}:`)
    return {
      counters,
      clock,
      async cleanup() {
        await counters.close()
        client.disconnect()
      },
    }
  },
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-counters-'))
    const clock = { t: 1_000_000 }
    const counters = new SqliteCounters(join(dir, 'state.sqlite'), () => clock.t)
    return {
      counters,
      clock,
      async cleanup() {
        await counters.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  },
}

describe.each(Object.entries(implementations))('Counters (%s)', (_name, make) => {
  let made: Made | undefined
  afterEach(async () => {
    await made?.cleanup()
    made = undefined
  })

  it('takes up to the limit and no further, changing nothing when refused', async () => {
    made = await make()
    const { counters, clock } = made
    const reset = clock.t + 60_000
    expect(await counters.take('q', 2, 3, reset)).toEqual({ ok: true, used: 2 })
    expect(await counters.take('q', 2, 3, reset)).toEqual({ ok: false, used: 2 })
    expect(await counters.take('q', 1, 3, reset)).toEqual({ ok: true, used: 3 })
    expect(await counters.get('q')).toBe(3)
    expect(await counters.get('unknown')).toBe(0)
  })

  it('never overshoots under parallel takes', async () => {
    made = await make()
    const { counters, clock } = made
    const results = await Promise.all(
      Array.from({ length: 20 }, () => counters.take('p', 1, 7, clock.t + 60_000)),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(7)
    expect(await counters.get('p')).toBe(7)
  })

  it('forgets a count when its window ends, and starts a new window', async () => {
    made = await make()
    const { counters, clock } = made
    await counters.take('w', 5, 5, clock.t + 1000)
    expect((await counters.take('w', 1, 5, clock.t + 1000)).ok).toBe(false)
    clock.t += 1000
    expect(await counters.get('w')).toBe(0)
    expect(await counters.take('w', 1, 5, clock.t + 1000)).toEqual({ ok: true, used: 1 })
    expect(await counters.add('spend', 250, clock.t + 10)).toBe(250)
    expect(await counters.add('spend', 250, clock.t + 10)).toBe(500)
    clock.t += 10
    expect(await counters.add('spend', 7, clock.t + 10)).toBe(7)
  })

  it('gives back without going below zero', async () => {
    made = await make()
    const { counters, clock } = made
    await counters.take('g', 2, 5, clock.t + 1000)
    expect(await counters.giveBack('g', 1)).toBe(1)
    expect(await counters.giveBack('g', 5)).toBe(0)
    expect(await counters.giveBack('never', 1)).toBe(0)
    await counters.ping()
  })

  it('reports when a live window ends, and nothing for an unknown or ended one', async () => {
    made = await make()
    const { counters, clock } = made
    const end = clock.t + 5000
    await counters.take('r', 1, 5, end)
    // A later take inside the window keeps the window's own end.
    await counters.take('r', 1, 5, end + 999)
    expect(await counters.resetAt('r')).toBe(end)
    expect(await counters.resetAt('unknown')).toBeNull()
    clock.t = end
    expect(await counters.resetAt('r')).toBeNull()
  })
})

describe('RedisCounters specifics', () => {
  it('lets Redis itself drop a counter when its window ends (PEXPIRE), and fails fast as STATE_UNAVAILABLE', async () => {
    redisServer ??= startRedis()
    const server = await redisServer
    const client = await connectRedis(server.url)
    try {
      const now = Date.now()
      const counters = new RedisCounters(client, () => now, 'ttl:')
      await counters.take('s', 1, 8, now + 60_000)
      const ttl = await client.pttl('ttl:s')
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(60_000)
      // A give-back keeps the window; it never extends it.
      await counters.giveBack('s', 1)
      expect(await client.pttl('ttl:s')).toBeLessThanOrEqual(ttl)
      expect(await client.exists('ttl:unknown')).toBe(0)
      expect(await counters.get('unknown')).toBe(0)
      expect(await client.exists('ttl:unknown')).toBe(0)
      client.disconnect()
      await expect(counters.take('s', 1, 8, now + 60_000)).rejects.toMatchObject({
        statusCode: 503,
        code: 'STATE_UNAVAILABLE',
      })
      await expect(counters.ping()).rejects.toMatchObject({ code: 'STATE_UNAVAILABLE' })
    } finally {
      client.disconnect()
    }
  })

  it('names an unreachable Redis at start in one line, without its password', async () => {
    const port = await freePort()
    await expect(connectRedis(`redis://user:hunter2@127.0.0.1:${port}`)).rejects.toThrow(
      new RegExp(`^Cannot reach Redis at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(STATE=redis\\)`),
    )
  })
})
