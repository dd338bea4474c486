/**
 * Spend that no client can bypass, over real HTTP against a started server (127.0.0.1, free port):
 * the per-address daily cap whatever the client does with cookies and headers, API keys and their
 * quotas (created with the real `pnpm keys` CLI), the global daily budget across a (injected)
 * midnight, the concurrency cap against a slow fake Messages API, and what a disconnect counts.
 * Nothing here waits for time to pass: slow replies are held by gates the test opens.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import type { AskReply, ErrorReply, SessionInfo } from '@asks1/shared/contract/api'
import { sign as signCookie } from '@fastify/cookie'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { keysFile } from '../src/keys'
import { type FakeAnthropic, startFakeAnthropic } from '../testing/fake-anthropic'
import { buildTestApp, fakeClient, makeEnv, parseSse, sessionCookie, type TestEnv } from './helper'

const QUESTION = { filing: 'acme-s1', question: 'What was the revenue in 2011?' }
const ANSWER = 'Revenue was $3,711 million in 2011 [p.1].'
/** Noon UTC, so the next reset is 12 hours away; tests move this clock across midnight. */
const NOON = Date.parse('2026-03-10T12:00:00Z')
const MIDNIGHT = '2026-03-11T00:00:00.000Z'

interface Res {
  status: number
  body: AskReply & ErrorReply
  retryAfter: string | null
  /** The session cookie the server set, ready to send back ({} when none). */
  jar: Record<string, string>
}

async function post(
  base: string,
  headers: Record<string, string> = {},
  body: object = QUESTION,
): Promise<Res> {
  const res = await fetch(`${base}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const set = res.headers.getSetCookie().find((c) => c.startsWith('asks1_session='))
  // A streamed answer's reply is its last event's data (`done`, or `error`).
  const streamed = res.status === 200 && /event-stream/.test(res.headers.get('content-type') ?? '')
  return {
    status: res.status,
    body: (streamed ? parseSse(await res.text()).at(-1)?.data : await res.json()) as AskReply & ErrorReply,
    retryAfter: res.headers.get('retry-after'),
    jar: set ? { cookie: set.split(';')[0] as string } : {},
  }
}

const waitUntil = (check: () => boolean | Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet')
    },
    { timeout: 30_000, interval: 10 },
  )

let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(async () => fake?.close())
beforeEach(() => {
  fake.queue.length = 0
  fake.requests.length = 0
  fake.aborted = 0
  fake.maxActive = 0
  fake.fallback = { kind: 'text', text: ANSWER }
})

/** One started server per test, on its own DATA_DIR. */
let env: TestEnv
let app: FastifyInstance
let base: string
const clock = { t: NOON }
async function start(opts: { llm?: boolean; env?: Record<string, string> } = {}): Promise<void> {
  env = await makeEnv({ env: opts.env ?? {} })
  clock.t = NOON
  app = await buildTestApp(env, {
    anthropic: opts.llm ? fakeClient(fake.url) : null,
    now: () => clock.t,
  })
  base = await app.listen({ host: '127.0.0.1', port: 0 })
}
afterEach(async () => {
  await app?.close()
  await env?.cleanup()
})

describe('everything without a key shares the per-address daily cap', () => {
  it('forged cookies, rotated session ids and missing credentials cannot pass it; it resets at midnight', async () => {
    await start({ env: { ANON_QUESTIONS_PER_IP_PER_DAY: '5', SESSION_QUESTION_LIMIT: '3' } })
    const attempts: Record<string, string>[] = [
      {},
      { cookie: 'asks1_session=invented-by-the-client-0001' },
      { 'x-session-id': 'rotated-session-id-000001' },
      {
        cookie: `asks1_session=${signCookie('guessed-session-id-0001', 'a-secret-the-client-guessed-0123456789')}`,
      },
      { 'x-session-id': 'rotated-session-id-000002' },
      {},
      { cookie: 'asks1_session=invented-by-the-client-0002' },
      {},
      {},
      { cookie: 'asks1_session=invented-by-the-client-0003' },
    ]
    const results = []
    for (const headers of attempts) results.push(await post(base, headers))
    const answered = results.filter((r) => r.status === 200)
    expect(answered).toHaveLength(5)
    // A client-chosen X-Session-Id is refused outright and uses nothing.
    for (const r of results.filter((r) => r.body.code === 'SESSION_HEADER_UNSUPPORTED'))
      expect(r.status).toBe(400)
    const refused = results.filter((r) => r.status === 429)
    expect(refused).toHaveLength(3)
    for (const r of refused) {
      expect(r.body).toMatchObject({
        code: 'IP_DAILY_LIMIT',
        message: /all 5 questions .* per address each day/,
        allowance: { scope: 'address', used: 5, limit: 5, left: 0, resetsAt: MIDNIGHT },
        session: { left: 0 },
      })
      expect(r.retryAfter).toBe(String(12 * 3600))
    }
    // A real session cookie from this address is capped too, and /session says so.
    const jar = answered[0]?.jar ?? {}
    expect((await post(base, jar)).body.code).toBe('IP_DAILY_LIMIT')
    const look = await fetch(`${base}/session`, { headers: jar })
    expect((await look.json()) as SessionInfo).toMatchObject({ used: 1, limit: 3, left: 0 })
    // The next UTC day starts a new allowance.
    clock.t = Date.parse(MIDNIGHT) + 1000
    expect((await post(base, jar)).status).toBe(200)
  })

  it("a session's questions sit inside the address's allowance", async () => {
    await start({ env: { ANON_QUESTIONS_PER_IP_PER_DAY: '5', SESSION_QUESTION_LIMIT: '3' } })
    const first = await post(base)
    expect(first.body.session).toMatchObject({ used: 1, limit: 3, left: 2 })
    await post(base, first.jar)
    expect((await post(base, first.jar)).body.session).toMatchObject({ used: 3, limit: 3, left: 0 })
    const fourth = await post(base, first.jar)
    expect(fourth.status).toBe(429)
    expect(fourth.body).toMatchObject({
      code: 'SESSION_LIMIT',
      allowance: { scope: 'session', used: 3, limit: 3, left: 0, resetsAt: null },
    })
    // The refused question gave its address slot back: a new visitor still has 2 of the 5.
    const next = await post(base)
    expect(next.body.session).toMatchObject({ used: 1, limit: 3, left: 1 })
  })
})

describe('API keys', () => {
  const keysCli = (args: string[]) =>
    execFileSync(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../src/keys-cli.ts'), ...args],
      {
        env: { ...process.env, DATA_DIR: env.config.DATA_DIR, FILINGS_CONFIG: env.registryPath },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )

  it('keys create prints a key once, stores only its SHA-256; the key stops at its quota', async () => {
    await start({ env: { ANON_QUESTIONS_PER_IP_PER_DAY: '1' } })
    const key = keysCli(['create', '--name', 'acme', '--per-day', '3']).trim()
    expect(key).toMatch(/^asks1_[A-Za-z0-9_-]{43}$/)
    const db = new Database(keysFile(env.config.DATA_DIR), { readonly: true })
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[]
    db.close()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: 'acme',
      per_day: 3,
      hash: createHash('sha256').update(key).digest('hex'),
    })
    expect(JSON.stringify(rows)).not.toContain(key)

    const auth = { authorization: `Bearer ${key}` }
    // The address's own allowance (1) does not apply to a key's questions.
    for (let i = 1; i <= 3; i++) {
      const r = await post(base, auth)
      expect(r.status).toBe(200)
      expect(r.body.session).toMatchObject({ used: i, limit: 3, left: 3 - i })
      expect(r.jar).toEqual({})
    }
    const over = await post(base, auth)
    expect(over.status).toBe(429)
    expect(over.body).toMatchObject({
      code: 'KEY_QUOTA',
      allowance: { scope: 'key', used: 3, limit: 3, left: 0, resetsAt: MIDNIGHT },
    })
    expect(over.retryAfter).toBe(String(12 * 3600))
    expect(await (await fetch(`${base}/session`, { headers: auth })).json()).toMatchObject({
      used: 3,
      limit: 3,
      left: 0,
    })
    // Visitors from the same address still have their own allowance.
    expect((await post(base)).status).toBe(200)
    clock.t = Date.parse(MIDNIGHT)
    expect((await post(base, auth)).body.session).toMatchObject({ used: 1, limit: 3, left: 2 })
  })

  it('a wrong, malformed or revoked key is a 401, never a visitor', async () => {
    await start()
    const key = keysCli(['create', '--name', 'globex', '--per-day', '10']).trim()
    for (const bad of [`Bearer ${key.slice(0, -1)}x`, 'Bearer nope', `Basic ${key}`, key]) {
      const r = await post(base, { authorization: bad })
      expect(r.status).toBe(401)
      expect(r.body).toMatchObject({ code: 'INVALID_API_KEY' })
    }
    expect((await post(base, { authorization: `Bearer ${key}` })).status).toBe(200)
    keysCli(['revoke', 'globex'])
    expect(keysCli(['list'])).toMatch(/^globex\t[0-9a-f]{12}\t10\/day\tcreated \S+\trevoked /m)
    expect((await post(base, { authorization: `Bearer ${key}` })).status).toBe(401)
  })
})

describe('the global daily budget (llm mode)', () => {
  it('trips at MAX_QUESTIONS_PER_DAY with 503 BUDGET_EXHAUSTED and Retry-After at the reset, then resets', async () => {
    await start({ llm: true, env: { MAX_QUESTIONS_PER_DAY: '2' } })
    const first = await post(base)
    expect(first.body.mode).toBe('llm')
    expect((await post(base, first.jar)).status).toBe(200)
    const third = await post(base, first.jar)
    expect(third.status).toBe(503)
    expect(third.body).toMatchObject({
      code: 'BUDGET_EXHAUSTED',
      message: /question limit/,
      allowance: { scope: 'global', used: 2, limit: 2, left: 0, resetsAt: MIDNIGHT },
      // The refused question was not counted against the caller.
      session: { used: 2 },
    })
    expect(third.retryAfter).toBe(String(12 * 3600))
    expect(fake.requests).toHaveLength(2)
    clock.t = Date.parse(MIDNIGHT) + 1
    const after = await post(base, first.jar)
    expect(after.status).toBe(200)
    expect(after.body.session.used).toBe(3)
  })

  it('trips at MAX_SPEND_USD_PER_DAY, priced from the reported token usage', async () => {
    // 10,000 USD per million input tokens: the fake reports hundreds, so one answer costs dollars.
    const prices = JSON.stringify({ 'claude-haiku-4-5': { input: 10_000, output: 10_000 } })
    await start({ llm: true, env: { MODEL_PRICES: prices, MAX_SPEND_USD_PER_DAY: '1' } })
    expect((await post(base)).status).toBe(200)
    const spent = await post(base)
    expect(spent.status).toBe(503)
    expect(spent.body).toMatchObject({ code: 'BUDGET_EXHAUSTED', message: /spending limit/ })
    expect(await app.counters.get('budget:spend:2026-03-10')).toBeGreaterThan(1_000_000)
    clock.t = Date.parse(MIDNIGHT)
    expect((await post(base)).status).toBe(200)
  })

  it('BUDGET_FALLBACK=extractive answers with excerpts instead, without calling the model', async () => {
    await start({ llm: true, env: { MAX_QUESTIONS_PER_DAY: '1', BUDGET_FALLBACK: 'extractive' } })
    expect((await post(base)).body.mode).toBe('llm')
    const fallback = await post(base)
    expect(fallback.status).toBe(200)
    expect(fallback.body.mode).toBe('extractive')
    expect(fallback.body.answer).toContain('$3,711 million')
    // The quotes say why no model wrote them: the budget is spent, not that no model is configured.
    expect(fallback.body.answer).toMatch(
      /^From the filing \(quoted as printed; today's budget for AI-written answers is spent/,
    )
    expect(fallback.body.answer).not.toContain('no AI model is configured')
    expect(fake.requests).toHaveLength(1)
  })
})

describe('concurrency', () => {
  it('20 concurrent asks never hold more than MAX_CONCURRENT_ANSWERS model streams; beyond the queue, 503 BUSY', async () => {
    await start({ llm: true, env: { MAX_CONCURRENT_ANSWERS: '3', MAX_QUEUED_ANSWERS: '4' } })
    let open = () => {}
    const gate = new Promise<void>((r) => {
      open = r
    })
    fake.fallback = { kind: 'text', text: ANSWER, chunks: 4, gate }
    const settled: Res[] = []
    const all = Array.from({ length: 20 }, (_, i) =>
      post(base, i % 2 ? { accept: 'text/event-stream' } : {}).then((r) => {
        settled.push(r)
        return r
      }),
    )
    // Three streams held open by the fake, four waiting in the queue, the rest turned away at once.
    await waitUntil(() => fake.active === 3 && settled.length === 13)
    for (const r of settled) {
      expect(r.status).toBe(503)
      expect(r.body).toMatchObject({ code: 'BUSY', session: { used: 0 } })
      expect(r.retryAfter).toBe('5')
    }
    open()
    const results = await Promise.all(all)
    const answered = results.filter((r) => r.status === 200)
    expect(answered).toHaveLength(7)
    for (const r of answered) expect(r.body.answer).toBe(ANSWER)
    expect(fake.maxActive).toBe(3)
    expect(fake.requests).toHaveLength(7)
  })
})

describe('what a disconnect counts', () => {
  const streamAsk = (headers: Record<string, string>, signal: AbortSignal) =>
    fetch(`${base}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
      body: JSON.stringify(QUESTION),
      signal,
    })
  const sid = 'disconnecting-session-0001'
  const budgetUsed = () => app.counters.get('budget:questions:2026-03-10')

  it('a disconnect after the last token counts (the tokens were spent), even before done', async () => {
    await start({ llm: true })
    // The fake sends every token and message_stop, then keeps the response open: the server cannot
    // send `done` before the client leaves.
    fake.queue.push({ kind: 'text', text: ANSWER, chunks: 3, holdOpen: true })
    const controller = new AbortController()
    const res = await streamAsk(sessionCookie(sid), controller.signal)
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let raw = ''
    let text = ''
    while (text !== ANSWER) {
      const { value, done } = await reader.read()
      if (done) throw new Error('stream ended early')
      raw += decoder.decode(value, { stream: true })
      text = [...raw.matchAll(/^event: delta\ndata: (.*)$/gm)]
        .map((m) => JSON.parse(m[1] as string).text)
        .join('')
    }
    expect(raw).not.toMatch(/event: done/)
    controller.abort()
    await waitUntil(() => fake.aborted === 1 && app.answers.inflight.size === 0)
    expect(await app.sessions.get(sid)).toMatchObject({ used: 1 })
    expect(await budgetUsed()).toBe(1)
    expect(await app.counters.get('budget:spend:2026-03-10')).toBeGreaterThan(0)
  })

  it('a disconnect before the first token does not count', async () => {
    await start({ llm: true })
    let open = () => {}
    fake.queue.push({
      kind: 'text',
      text: ANSWER,
      gate: new Promise<void>((r) => {
        open = r
      }),
    })
    const controller = new AbortController()
    const pending = streamAsk(sessionCookie(sid), controller.signal).catch((err: Error) => err)
    await waitUntil(() => fake.requests.length === 1)
    expect(await app.sessions.get(sid)).toMatchObject({ used: 1 })
    controller.abort()
    expect(await pending).toBeInstanceOf(Error)
    await waitUntil(() => fake.aborted === 1 && app.answers.inflight.size === 0)
    await waitUntil(async () => (await app.sessions.get(sid)).used === 0)
    expect(await budgetUsed()).toBe(0)
    open()
  })
})

describe('configuration', () => {
  it('refuses to start in llm mode with a model that has no price', async () => {
    const e = await makeEnv({ env: { ANTHROPIC_MODEL: 'claude-unpriced' } })
    try {
      await expect(buildTestApp(e, { anthropic: fakeClient(fake.url) })).rejects.toThrow(
        /MODEL_PRICES has no price for ANTHROPIC_MODEL "claude-unpriced"/,
      )
    } finally {
      await e.cleanup()
    }
  })
})
