/**
 * Counters in Redis (STATE=redis): every server process behind a load balancer shares one count.
 *
 * Each operation is one Lua script (ioredis `defineCommand`, sent by SHA), so a check-and-increment
 * is atomic across processes. A counter is a hash {v: value, r: reset time in epoch ms}; the caller's
 * clock decides whether a window has ended (as SqliteCounters does, so the same contract tests hold
 * with an injected clock), and PEXPIRE makes Redis drop the key itself when the window ends.
 *
 * Redis unreachable: ioredis reconnects by itself; meanwhile every call fails fast (no offline
 * queue, one attempt, a command timeout) with StateUnavailableError, a 503 STATE_UNAVAILABLE:
 * a question is refused rather than answered uncounted.
 */
import { Redis } from 'ioredis'
import { AppError } from '../errors'
import type { Counters, TakeResult } from './counters'

/** Reads a live window's value, or 0 with a fresh window when it has ended (shared preamble). */
const READ = `
local now = tonumber(ARGV[#ARGV])
local cur = redis.call('HMGET', KEYS[1], 'v', 'r')
local v = tonumber(cur[1]) or 0
local r = tonumber(cur[2]) or 0
local live = r > now
if not live then v = 0 end
`

/** ARGV: amount, limit, resetAt, now → {ok 0|1, value}. */
const TAKE = `${READ}
local amount, limit, resetAt = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if v + amount > limit then return {0, v} end
if not live then r = resetAt end
redis.call('HSET', KEYS[1], 'v', v + amount, 'r', r)
redis.call('PEXPIRE', KEYS[1], math.max(r - now, 1))
return {1, v + amount}
`

/** ARGV: amount, resetAt, now → value. */
const ADD = `${READ}
local amount, resetAt = tonumber(ARGV[1]), tonumber(ARGV[2])
if not live then r = resetAt end
redis.call('HSET', KEYS[1], 'v', v + amount, 'r', r)
redis.call('PEXPIRE', KEYS[1], math.max(r - now, 1))
return v + amount
`

/** ARGV: amount, now → value (an ended or unknown window stays 0 and is not created). */
const GIVE_BACK = `${READ}
if not live then return 0 end
v = math.max(v - tonumber(ARGV[1]), 0)
redis.call('HSET', KEYS[1], 'v', v)
return v
`

/** ARGV: now → value. */
const GET = `${READ}
return v
`

/** ARGV: now → the live window's end (epoch ms), or -1 for an unknown or ended window. */
const RESET_AT = `${READ}
if not live then return -1 end
return r
`

interface CounterCommands {
  asks1Take(
    key: string,
    amount: number,
    limit: number,
    resetAt: number,
    now: number,
  ): Promise<[number, number]>
  asks1Add(key: string, amount: number, resetAt: number, now: number): Promise<number>
  asks1GiveBack(key: string, amount: number, now: number): Promise<number>
  asks1Get(key: string, now: number): Promise<number>
  asks1ResetAt(key: string, now: number): Promise<number>
}

export class StateUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(
      503,
      'STATE_UNAVAILABLE',
      'AskS1 cannot keep count of questions right now, so it is not answering any. Your question was not counted. Please try again in a minute.',
      { retryAfter: 15, cause },
    )
  }
}

/** The ioredis options that make a Redis outage a quick refusal rather than a hung request. */
export const FAIL_FAST = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 2000,
  connectTimeout: 3000,
  // Reconnect for ever, at most every 2 s: the server recovers by itself when Redis returns.
  retryStrategy: (times: number) => Math.min(times * 200, 2000),
} as const

/** The URL with any password replaced, for messages and logs. */
export const redactUrl = (url: string): string => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')

/**
 * A client connected to REDIS_URL (the first connection must succeed: a server that cannot reach its
 * state at start says so in one line instead of serving uncounted); later outages are reconnected.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { ...FAIL_FAST, lazyConnect: true })
  // Without a listener ioredis prints every failed reconnect; the /ready probe reports outages.
  client.on('error', () => {})
  try {
    await client.connect()
    return client
  } catch (err) {
    client.disconnect()
    throw new Error(`Cannot reach Redis at ${redactUrl(url)} (STATE=redis): ${(err as Error).message}`, {
      cause: err,
    })
  }
}

export class RedisCounters implements Counters {
  private readonly cmd: CounterCommands

  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
    private readonly prefix = 'asks1:count:',
  ) {
    redis.defineCommand('asks1Take', { numberOfKeys: 1, lua: TAKE })
    redis.defineCommand('asks1Add', { numberOfKeys: 1, lua: ADD })
    redis.defineCommand('asks1GiveBack', { numberOfKeys: 1, lua: GIVE_BACK })
    redis.defineCommand('asks1Get', { numberOfKeys: 1, lua: GET })
    redis.defineCommand('asks1ResetAt', { numberOfKeys: 1, lua: RESET_AT })
    this.cmd = redis as unknown as CounterCommands
  }

  private async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (err) {
      throw new StateUnavailableError(err)
    }
  }

  async take(key: string, amount: number, limit: number, resetAt: number): Promise<TakeResult> {
    const [ok, used] = await this.run(() =>
      this.cmd.asks1Take(this.prefix + key, amount, limit, resetAt, this.now()),
    )
    return { ok: ok === 1, used: Number(used) }
  }

  async add(key: string, amount: number, resetAt: number): Promise<number> {
    return Number(await this.run(() => this.cmd.asks1Add(this.prefix + key, amount, resetAt, this.now())))
  }

  async giveBack(key: string, amount: number): Promise<number> {
    return Number(await this.run(() => this.cmd.asks1GiveBack(this.prefix + key, amount, this.now())))
  }

  async get(key: string): Promise<number> {
    return Number(await this.run(() => this.cmd.asks1Get(this.prefix + key, this.now())))
  }

  async resetAt(key: string): Promise<number | null> {
    const at = Number(await this.run(() => this.cmd.asks1ResetAt(this.prefix + key, this.now())))
    return at < 0 ? null : at
  }

  async ping(): Promise<void> {
    await this.run(() => this.redis.ping())
  }

  /** The client belongs to @fastify/redis (or the caller), which closes it. */
  async close(): Promise<void> {}
}
