/**
 * What probing a running server found (issue 16, "Heal, don't 500"): clients that reset their
 * connection, shutdown refusals, loose numbers, Accept negotiation, malformed JSON, and counters
 * that never expired. Real sockets where app.inject cannot reach (a reset, a kept-alive connection).
 */
import { Agent, request as httpRequest } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { loadRegistry } from '@asks1/shared/filings-loader'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import type { Counters } from '../src/state/counters'
import { StateUnavailableError } from '../src/state/redis'
import { SqliteCounters } from '../src/state/sqlite'
import { startFakeAnthropic } from '../testing/fake-anthropic'
import { fakeClient, parseSse, useTestApp } from './helper'

const suite = useTestApp()

interface LogLine {
  level: number
  msg: string
  res?: { statusCode: number }
}

/** The app on a real port, its log lines kept for the test to read. */
async function listening(
  prepare: (app: FastifyInstance) => void = () => {},
): Promise<{ app: FastifyInstance; port: number; log: LogLine[] }> {
  const log: LogLine[] = []
  const live = await buildApp({
    config: suite.env.config,
    registry: loadRegistry(suite.env.registryPath),
    store: suite.env.store,
    embedder: suite.env.embedder,
    anthropic: null,
    logger: { level: 'debug', stream: { write: (l: string) => log.push(JSON.parse(l) as LogLine) } },
  })
  prepare(live)
  await live.listen({ host: '127.0.0.1', port: 0 })
  return { app: live, port: (live.server.address() as AddressInfo).port, log }
}

/** Writes one raw request and resets the connection at once (TCP RST), as a crashed client does. */
const sendAndReset = (port: number, raw: string) =>
  new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(raw)
      socket.resetAndDestroy()
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve())
  })

/** A GET through `agent`, so a kept-alive connection can be reused. */
const get = (port: number, path: string, agent: Agent) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.on('data', (d) => {
        body += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })

describe('a client that resets its connection right after its request', () => {
  let live: Awaited<ReturnType<typeof listening>>
  afterEach(async () => live?.app.close())

  it('never makes an unhandled 500 (POST /ask and GET /filings, ten times each)', async () => {
    live = await listening()
    const body = JSON.stringify({ filing: 'acme-s1', question: 'What was revenue in 2011?' })
    const ask = `POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    const filings = 'GET /filings HTTP/1.1\r\nHost: x\r\n\r\n'
    for (let i = 0; i < 10; i++) {
      await sendAndReset(live.port, ask)
      await sendAndReset(live.port, filings)
    }
    // Every request the server parsed is finished (completed) before we read the log.
    expect((await get(live.port, '/filings', new Agent())).status).toBe(200)
    const count = (msg: string) => live.log.filter((l) => l.msg === msg).length
    for (let i = 0; count('incoming request') !== count('request completed'); i++) {
      if (i > 500) throw new Error('requests never completed')
      await new Promise((r) => setImmediate(r))
    }
    expect(count('incoming request')).toBeGreaterThan(1)
    expect(live.log.filter((l) => l.level >= 50)).toEqual([])
    expect(live.log.filter((l) => (l.res?.statusCode ?? 0) >= 500)).toEqual([])
  })
})

describe('shutdown', () => {
  it('refuses a request on a kept-alive connection with 503 SHUTTING_DOWN while answers finish', async () => {
    let entered!: () => void
    let release!: () => void
    const inPreClose = new Promise<void>((r) => {
      entered = r
    })
    const gate = new Promise<void>((r) => {
      release = r
    })
    // Stands in for an answer still being written: the shutdown waits in preClose until released.
    const live = await listening((a) =>
      a.addHook('preClose', async () => {
        entered()
        await gate
      }),
    )
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    expect((await get(live.port, '/health', agent)).status).toBe(200)
    const closed = live.app.close()
    await inPreClose
    const refused = await get(live.port, '/filings', agent)
    release()
    await closed
    agent.destroy()
    expect(refused.status).toBe(503)
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 503, code: 'SHUTTING_DOWN' })
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.headers.connection).toBe('close')
  })
})

describe('input strictness', () => {
  it('takes k as decimal digits only', async () => {
    for (const k of ['1.5', '0x5', '5e0', ' 5', '+5', '']) {
      const res = await suite.app.inject(`/sources?filing=acme-s1&q=revenue&k=${encodeURIComponent(k)}`)
      expect(res.statusCode, `k=${k}`).toBe(400)
      expect(res.json(), `k=${k}`).toMatchObject({ code: 'VALIDATION' })
    }
    const ok = await suite.app.inject('/sources?filing=acme-s1&q=revenue&k=3')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().hits.length).toBeLessThanOrEqual(3)
  })

  it('answers a malformed JSON body with code VALIDATION like every other 400', async () => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/ask',
      headers: { 'content-type': 'application/json' },
      payload: '{"filing": "acme-s1", "question": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' })
  })

  const ask = (accept?: string) =>
    suite.app.inject({
      method: 'POST',
      url: '/ask',
      // No cookie: each ask is a new visitor's first question.
      headers: accept === undefined ? {} : { accept },
      payload: { filing: 'acme-s1', question: 'What was revenue in 2011?' },
    })
  const kind = (res: Awaited<ReturnType<typeof ask>>) =>
    res.statusCode === 406 ? 406 : String(res.headers['content-type']).split(';')[0]

  it('negotiates Accept by q-value and wildcard, in any case', async () => {
    const cases: [string | undefined, string | number][] = [
      [undefined, 'application/json'],
      ['*/*', 'application/json'],
      ['application/json', 'application/json'],
      ['text/event-stream', 'text/event-stream'],
      ['TEXT/Event-Stream', 'text/event-stream'],
      ['text/event-stream;q=0, application/json', 'application/json'],
      ['application/json;q=0.5, text/event-stream', 'text/event-stream'],
      ['text/*', 'text/event-stream'],
      ['text/html', 406],
    ]
    for (const [accept, expected] of cases)
      expect(kind(await ask(accept)), `Accept: ${accept}`).toBe(expected)
    expect((await ask('image/png')).json()).toMatchObject({ code: 'NOT_ACCEPTABLE' })
  })
})

describe('counters expire', () => {
  it('prunes rows whose window ended, at start and hourly on writes', async () => {
    let now = 1_000_000
    const file = `${suite.env.dir}/prune-state.sqlite`
    const counters = new SqliteCounters(file, () => now)
    for (let i = 0; i < 50; i++) await counters.take(`session:${i}`, 1, 8, now + 60_000)
    await counters.take('session:long', 1, 8, now + 10 * 3600_000)
    now += 2 * 3600_000
    // The next write prunes: only the long-lived row is left.
    await counters.take('session:new', 1, 8, now + 60_000)
    expect(await counters.get('session:3')).toBe(0)
    expect(counters.prune()).toBe(0)
    expect(await counters.get('session:long')).toBe(1)
    await counters.close()
    const reopened = new SqliteCounters(file, () => now + 20 * 3600_000)
    expect(reopened.prune()).toBe(0)
    expect(await reopened.get('session:long')).toBe(0)
    await reopened.close()
  })
})

describe('the state failing while an answer streams', () => {
  it('still ends the stream with the answer error (the question stays counted), no crash', async () => {
    const fake = await startFakeAnthropic()
    const inner = new SqliteCounters(`${suite.env.dir}/giveback-state.sqlite`)
    // Redis going away mid-answer: taking worked, giving back throws what RedisCounters throws.
    const counters: Counters = {
      take: (...a) => inner.take(...a),
      add: (...a) => inner.add(...a),
      get: (k) => inner.get(k),
      resetAt: (k) => inner.resetAt(k),
      ping: () => inner.ping(),
      close: () => inner.close(),
      giveBack: async () => {
        throw new StateUnavailableError(new Error('Connection is closed.'))
      },
    }
    const live = await buildApp({
      config: suite.env.config,
      registry: loadRegistry(suite.env.registryPath),
      store: suite.env.store,
      embedder: suite.env.embedder,
      anthropic: fakeClient(fake.url),
      counters,
      logger: false,
    })
    try {
      fake.queue.push({
        kind: 'stream-error',
        text: 'Revenue was $3,711',
        type: 'overloaded_error',
        message: 'Overloaded',
      })
      const res = await live.inject({
        method: 'POST',
        url: '/ask',
        headers: { accept: 'text/event-stream' },
        payload: { filing: 'acme-s1', question: 'What was revenue in 2011?' },
      })
      const events = parseSse(res.body)
      expect(events.at(-1)).toMatchObject({
        event: 'error',
        data: { code: 'OVERLOADED', session: { used: 1 } },
      })
      expect((await live.inject('/health')).statusCode).toBe(200)
    } finally {
      await live.close()
      await inner.close()
      await fake.close()
    }
  })
})
