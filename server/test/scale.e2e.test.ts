/**
 * STATE=redis end to end: three real server processes (server/src/server.ts) on three ports share one
 * real redis-server. A session's 8 questions hold across them, the per-address rate limit holds
 * across them, and a Redis restart in the middle loses no counted question (appendonly with an fsync
 * per write) while questions asked during the outage are refused with 503 STATE_UNAVAILABLE, never
 * answered uncounted. Extractive answers: the counts, not the model, are under test.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { ROOT_DIR } from '@asks1/shared/config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, type RedisProcess, startRedis } from '../testing/redis-server'
import { makeEnv, type TestEnv } from './helper'

const SERVER = resolve(ROOT_DIR, 'server/src/server.ts')
const LIMIT = 8
const RATE_LIMIT = 30

interface Instance {
  base: string
  child: ChildProcess
  output: () => string
}

let env: TestEnv
let redis: RedisProcess
const servers: Instance[] = []

async function startInstance(): Promise<Instance> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: env.config.DATA_DIR,
      FILINGS_CONFIG: env.registryPath,
      WEB_DIST: env.config.WEB_DIST,
      INGEST_ON_START: 'false',
      STATE: 'redis',
      REDIS_URL: redis.url,
      SESSION_QUESTION_LIMIT: String(LIMIT),
      SESSION_SECRET: 'scale-test-secret-shared-by-all-three-instances',
      ANON_QUESTIONS_PER_IP_PER_DAY: '1000',
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      // A window no test run outlasts: the count cannot reset mid-test on a slow machine.
      RATE_LIMIT_WINDOW_MS: '3600000',
      // Each test plays its own client address through X-Forwarded-For.
      TRUST_PROXY: 'true',
      ANTHROPIC_API_KEY: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  return { base: `http://127.0.0.1:${port}`, child, output: () => out }
}

/** Polls /ready until it answers 200 (a bounded number of tries, not a time). */
async function whenReady(s: Instance): Promise<void> {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${s.base}/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (i > 600 || s.child.exitCode !== null) throw new Error(`server not ready:\n${s.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

beforeAll(async () => {
  env = await makeEnv()
  redis = await startRedis({ appendonly: 'always' })
  for (let i = 0; i < 3; i++) servers.push(await startInstance())
  await Promise.all(servers.map(whenReady))
}, 180_000)

afterAll(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((done) => {
          if (s.child.exitCode !== null) return done()
          s.child.once('exit', () => done())
          s.child.kill('SIGTERM')
        }),
    ),
  )
  await redis?.cleanup()
  await env?.cleanup()
})

/** One browser: keeps the session cookie the first answer sets, and its own address. */
function client(address: string) {
  let cookie = ''
  return {
    async ask(s: Instance): Promise<{ status: number; code?: string }> {
      const res = await fetch(`${s.base}/ask`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ filing: 'acme-s1', question: 'What was revenue in 2011?' }),
      })
      const set = res.headers.get('set-cookie')
      if (set && !cookie) cookie = set.split(';')[0] as string
      const body = (await res.json()) as { code?: string }
      return { status: res.status, ...(body.code ? { code: body.code } : {}) }
    },
    async session(s: Instance): Promise<{ used: number; left: number }> {
      const res = await fetch(`${s.base}/session`, { headers: { 'x-forwarded-for': address, cookie } })
      return (await res.json()) as { used: number; left: number }
    },
  }
}

describe('three server processes sharing one Redis (STATE=redis)', () => {
  it("holds a session's 8 questions across all three: exactly 8 answered", async () => {
    const browser = client('10.0.0.1')
    // The first answer sets the session cookie; the rest go to all three at once.
    const first = await browser.ask(servers[0] as Instance)
    expect(first.status).toBe(200)
    const rest = await Promise.all(
      Array.from({ length: 11 }, (_, i) => browser.ask(servers[i % 3] as Instance)),
    )
    const all = [first, ...rest]
    expect(all.filter((r) => r.status === 200)).toHaveLength(LIMIT)
    expect(all.filter((r) => r.status === 429).map((r) => r.code)).toEqual(
      Array(12 - LIMIT).fill('SESSION_LIMIT'),
    )
    for (const s of servers) expect(await browser.session(s)).toMatchObject({ used: LIMIT, left: 0 })
  })

  it('holds the per-address rate limit across all three', async () => {
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMIT + 15; i++) {
      const res = await fetch(`${(servers[i % 3] as Instance).base}/filings`, {
        headers: { 'x-forwarded-for': '10.0.0.2' },
      })
      statuses.push(res.status)
      await res.arrayBuffer()
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    // Another address has its own allowance on every instance.
    const other = await fetch(`${(servers[1] as Instance).base}/filings`, {
      headers: { 'x-forwarded-for': '10.0.0.3' },
    })
    expect(other.status).toBe(200)
  })

  it('refuses questions while Redis is down, recovers by itself, and loses no counted question', async () => {
    const browser = client('10.0.0.4')
    const before: number[] = []
    for (let i = 0; i < 3; i++) before.push((await browser.ask(servers[i % 3] as Instance)).status)
    expect(before).toEqual([200, 200, 200])

    await redis.stop()
    const during = await Promise.all(servers.map((s) => browser.ask(s)))
    expect(during).toEqual(Array(3).fill({ status: 503, code: 'STATE_UNAVAILABLE' }))
    const ready = await fetch(`${(servers[0] as Instance).base}/ready`)
    expect(ready.status).toBe(503)
    expect(((await ready.json()) as { state: unknown }).state).toMatchObject({ kind: 'redis', ok: false })

    await redis.start()
    await Promise.all(servers.map(whenReady))
    expect(await browser.session(servers[2] as Instance)).toMatchObject({ used: 3 })
    const after = await Promise.all(
      Array.from({ length: 8 }, (_, i) => browser.ask(servers[i % 3] as Instance)),
    )
    expect(after.filter((r) => r.status === 200)).toHaveLength(LIMIT - 3)
    expect(after.filter((r) => r.status === 429)).toHaveLength(3)
  })
})
