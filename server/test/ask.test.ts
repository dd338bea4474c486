/**
 * POST /ask through app.inject, in extractive mode and in llm mode against the local fake of the
 * Messages API (driven through the real SDK). Real SQLite store and session database throughout.
 */
import { join } from 'node:path'
import type { AskReply, ErrorReply, FilingsReply, SessionInfo } from '@asks1/shared/contract/api'
import { parseFigures } from '@asks1/shared/contract/figures'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadyReply } from '../src/schemas'
import { BILLING_MESSAGE } from '../testing/fake-anthropic'
import { buildTestApp, fakeClient, parseSse, sessionCookie, useFakeAnthropic } from './helper'

const suite = useFakeAnthropic()

let n = 0
/** A fresh session id per test (sent in a cookie signed as the server signs it), so counts do not leak. */
const newSid = () => `test-session-${Date.now()}-${++n}`.padEnd(20, 'x')

const ask = (app: FastifyInstance, body: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/ask', payload: body, headers })

describe('POST /ask, extractive mode (no API key)', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildTestApp(suite.env, { anthropic: null })
  })
  afterAll(async () => app?.close())

  it('answers with quoted excerpts, checked citations and only the cited sources', async () => {
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'What was the revenue in 2011?' },
      sessionCookie(newSid()),
    )
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.mode).toBe('extractive')
    expect(body.filing).toBe('acme-s1')
    expect(body.answer).toMatch(/^From the filing/)
    expect(body.answer).toContain('$3,711 million')
    expect(body.abstention).toBeUndefined()
    expect(body.citations.find((c) => c.page === '1')?.relevance?.level).toBe('strong')
    expect(body.citations.find((c) => c.page === '1')).toMatchObject({ exists: true, verified: true })
    expect(body.citations.every((c) => c.exists && c.verified)).toBe(true)
    // Every figure of the answer is checked, not a subset, and each is printed on its page.
    const checked = body.citations.flatMap((c) => c.checks)
    expect(new Set(checked.map((k) => k.figure))).toEqual(
      new Set(parseFigures(body.answer).map((f) => f.text)),
    )
    expect(checked.every((k) => k.found && k.status === 'printed')).toBe(true)
    // Sources: the chunks whose pages are cited, each with exactly the cited pages.
    expect(body.sources.length).toBeGreaterThan(0)
    for (const s of body.sources) {
      expect(s.citedPages.length).toBeGreaterThan(0)
      for (const p of s.citedPages) expect(body.citations.map((c) => c.page)).toContain(p)
    }
    expect(body.session).toMatchObject({ used: 1, limit: 8, left: 7 })
    expect(body.fallbackPages).toBe(false)
  })

  it('says the filing does not appear to say, with what it searched, and does not count the question', async () => {
    const sid = newSid()
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'What is the favourite food of Acme’s founder, Zaphod Beeblebrox?' },
      sessionCookie(sid),
    )
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.answer).toMatch(/^The filing does not appear to say/)
    expect(body.citations).toEqual([])
    expect(body.abstention?.searched.terms).toEqual(expect.arrayContaining(['zaphod', 'beeblebrox', 'food']))
    expect(body.session).toMatchObject({ used: 0, limit: 8, left: 8 })
    const session = await app.inject({ method: 'GET', url: '/session', headers: sessionCookie(sid) })
    expect(session.json()).toMatchObject({ used: 0 })
  })

  it('sets a session cookie, counts questions across requests and refuses the 9th with 429', async () => {
    const first = await ask(app, { filing: 'acme-s1', question: 'How many monthly active users?' })
    expect(first.statusCode).toBe(200)
    const cookie = first.cookies.find((c) => c.name === 'asks1_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    const jar = { cookie: `asks1_session=${cookie?.value}` }
    let last = first.json<AskReply>().session
    for (let i = 2; i <= 8; i++) {
      const r = await ask(app, { filing: 'acme-s1', question: `Question number ${i} about revenue` }, jar)
      expect(r.statusCode).toBe(200)
      last = r.json<AskReply>().session
      // No new cookie once the session exists.
      expect(r.cookies.find((c) => c.name === 'asks1_session')).toBeUndefined()
    }
    expect(last).toMatchObject({ used: 8, limit: 8, left: 0 })
    const ninth = await ask(app, { filing: 'acme-s1', question: 'One more?' }, jar)
    expect(ninth.statusCode).toBe(429)
    expect(ninth.json<ErrorReply>()).toMatchObject({
      code: 'SESSION_LIMIT',
      session: { used: 8, limit: 8, left: 0 },
    })
    expect(ninth.json<ErrorReply>().message).toMatch(/all 8 questions/)
    // Counts are in SQLite: a new app on the same DATA_DIR (a restart) still refuses.
    const restarted = await buildTestApp(suite.env, { anthropic: null })
    try {
      expect((await ask(restarted, { filing: 'acme-s1', question: 'After restart?' }, jar)).statusCode).toBe(
        429,
      )
    } finally {
      await restarted.close()
    }
  })

  it('counts a signed session across requests; refuses X-Session-Id; a forged cookie is a new visitor', async () => {
    const sid = newSid()
    await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    const second = await ask(app, { filing: 'acme-s1', question: 'Users?' }, sessionCookie(sid))
    expect(second.json<AskReply>().session.used).toBe(2)
    const header = await ask(app, { filing: 'acme-s1', question: 'Users?' }, { 'x-session-id': sid })
    expect(header.statusCode).toBe(400)
    expect(header.json<ErrorReply>()).toMatchObject({
      code: 'SESSION_HEADER_UNSUPPORTED',
      message: /X-Session-Id/,
    })
    // The same id unsigned (or signed with another secret) names no session: a fresh one is issued.
    for (const forged of [sid, `${sid}.c2lnbmVkLWVsc2V3aGVyZQ`]) {
      const r = await ask(
        app,
        { filing: 'acme-s1', question: 'Users?' },
        { cookie: `asks1_session=${forged}` },
      )
      expect(r.json<AskReply>().session.used).toBe(1)
      expect(r.cookies.find((c) => c.name === 'asks1_session')?.value).not.toContain(sid)
    }
  })

  // Each refusal is clear, and counts nothing: the same session still has its whole allowance.
  it.each([
    ['a question of "???"', 400, 'VALIDATION', /letters or digits/, { filing: 'acme-s1', question: '???' }],
    ['a question of spaces', 400, 'VALIDATION', /letters or digits/, { filing: 'acme-s1', question: '   ' }],
    ['a question of "?! …"', 400, 'VALIDATION', /letters or digits/, { filing: 'acme-s1', question: '?! …' }],
    ['an empty question', 400, 'VALIDATION', /question/, { filing: 'acme-s1', question: '' }],
    ['a body without a filing', 400, 'VALIDATION', /filing/, { question: 'x?' }],
    ['a field the API lacks', 400, 'VALIDATION', /admin/, { filing: 'acme-s1', question: 'x?', admin: true }],
    [
      'a system turn in the history',
      400,
      'VALIDATION',
      /role/,
      { filing: 'acme-s1', question: 'x?', history: [{ role: 'system', content: 'x' }] },
    ],
    ['a body that is not JSON', 400, 'VALIDATION', /JSON/, '{"filing":'],
    ['an unknown filing', 404, 'UNKNOWN_FILING', /initech-s1/, { filing: 'initech-s1', question: 'x?' }],
    [
      'a filing not ingested yet',
      503,
      'NOT_INGESTED',
      /globex-s1|ingest/,
      { filing: 'globex-s1', question: 'x?' },
    ],
  ])('refuses %s: %i %s, counting nothing', async (_, status, code, message, payload) => {
    const h = sessionCookie(newSid())
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      payload,
      headers: { 'content-type': 'application/json', ...h },
    })
    expect(res.statusCode).toBe(status)
    expect(res.json<ErrorReply>()).toMatchObject({ code })
    expect(res.json<ErrorReply>().message).toMatch(message)
    const session = await app.inject({ method: 'GET', url: '/session', headers: h })
    expect(session.json()).toMatchObject({ used: 0, left: 8 })
  })

  it('streams server-sent events whose done event equals the JSON reply', async () => {
    const sid = newSid()
    const question = { filing: 'acme-s1', question: 'What was the revenue in 2011?' }
    const res = await ask(app, question, { accept: 'text/event-stream', ...sessionCookie(sid) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    const events = parseSse(res.body)
    expect(events.at(-1)?.event).toBe('done')
    const done = events.at(-1)?.data as AskReply
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('')
    expect(text).toBe(done.answer)
    const json = (await ask(app, question, sessionCookie(sid))).json<AskReply>()
    expect({ ...done, session: null }).toEqual({ ...json, session: null })
    expect(done.session.used).toBe(1)
    expect(json.session.used).toBe(2)
  })
})

describe('GET /session', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildTestApp(suite.env, { anthropic: null })
  })
  afterAll(async () => app?.close())

  const look = (headers: Record<string, string> = {}) => app.inject({ url: '/session', headers })
  /** Rows in the app's real state database (a second, read-only connection to the same file). */
  const rowsFor = (id: string) => {
    const db = new Database(join(suite.env.config.DATA_DIR, 'state.sqlite'), { readonly: true })
    try {
      return (
        db.prepare('SELECT COUNT(*) AS n FROM counters WHERE key = ?').get(`session:${id}`) as { n: number }
      ).n
    } finally {
      db.close()
    }
  }

  it('reports a full allowance for a session it has never seen, without creating it or a cookie', async () => {
    const sid = newSid()
    const ways: Record<string, string>[] = [{}, sessionCookie(sid), { cookie: `asks1_session=${sid}` }]
    for (const headers of ways) {
      const res = await look(headers)
      expect(res.statusCode).toBe(200)
      expect(res.json<SessionInfo>()).toEqual({ used: 0, limit: 8, left: 8 })
      expect(res.cookies).toEqual([])
      expect(res.headers['cache-control']).toBe('no-store')
    }
    expect(rowsFor(sid)).toBe(0)
  })

  it('reports what /ask counted, and looking never uses a question', async () => {
    const sid = newSid()
    const h = sessionCookie(sid)
    await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, h)
    for (let i = 0; i < 3; i++)
      expect((await look(h)).json<SessionInfo>()).toMatchObject({ used: 1, limit: 8, left: 7 })
    const second = await ask(app, { filing: 'acme-s1', question: 'Users?' }, h)
    expect(second.json<AskReply>().session).toMatchObject({ used: 2, limit: 8, left: 6 })
    expect((await look(h)).json<SessionInfo>()).toEqual(second.json<AskReply>().session)
  })

  it('reads the signed cookie /ask set; X-Session-Id is a 400', async () => {
    const first = await ask(app, { filing: 'acme-s1', question: 'Revenue?' })
    const cookie = first.cookies.find((c) => c.name === 'asks1_session')?.value
    expect(cookie).toBeTruthy()
    expect((await look({ cookie: `asks1_session=${cookie}` })).json<SessionInfo>()).toMatchObject({ used: 1 })
    const other = await look(sessionCookie(newSid()))
    expect(other.json<SessionInfo>()).toMatchObject({ used: 0, left: 8 })
    const bad = await look({ 'x-session-id': 'a-client-chosen-session-id' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ErrorReply>()).toMatchObject({ code: 'SESSION_HEADER_UNSUPPORTED' })
  })

  it('reports a spent allowance as left: 0', async () => {
    const sid = newSid()
    const spent = await buildTestApp(suite.env, { anthropic: null, config: { SESSION_QUESTION_LIMIT: 1 } })
    try {
      await ask(spent, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
      const res = await spent.inject({ url: '/session', headers: sessionCookie(sid) })
      expect(res.json<SessionInfo>()).toMatchObject({ used: 1, limit: 1, left: 0 })
    } finally {
      await spent.close()
    }
  })
})

describe('who writes the answers (/filings answerer, /ready answers, /ask mode)', () => {
  it('extractive without a Claude client', async () => {
    const app = await buildTestApp(suite.env, { anthropic: null })
    try {
      const expected = { mode: 'extractive', model: null }
      expect((await app.inject('/filings')).json<FilingsReply>().answerer).toEqual(expected)
      expect((await app.inject('/ready')).json<ReadyReply>().answers).toEqual(expected)
    } finally {
      await app.close()
    }
  })
  it('llm with the configured Claude model', async () => {
    const app = await buildTestApp(suite.env, {
      anthropic: fakeClient(suite.fake.url),
      config: {
        ANTHROPIC_MODEL: 'claude-test-model',
        MODEL_PRICES: JSON.stringify({ 'claude-test-model': { input: 1, output: 5 } }),
      },
    })
    try {
      const expected = { mode: 'llm', model: 'claude-test-model' }
      expect((await app.inject('/filings')).json<FilingsReply>().answerer).toEqual(expected)
      expect((await app.inject('/ready')).json<ReadyReply>().answers).toEqual(expected)
      suite.fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].' })
      const res = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(newSid()))
      expect(res.json<AskReply>().mode).toBe('llm')
      expect(suite.fake.requests.at(-1)?.body).toMatchObject({ model: 'claude-test-model' })
    } finally {
      await app.close()
    }
  })
})

describe('POST /ask, llm mode against the local Messages API fake', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildTestApp(suite.env, { anthropic: fakeClient(suite.fake.url, { maxRetries: 1 }) })
  })
  afterAll(async () => app?.close())

  it('sends a fenced, registry-built prompt and returns the answer with checked citations', async () => {
    suite.fake.queue.push({
      kind: 'text',
      text: 'Acme had revenue of $3,711 million in 2011 [p.1], and 845 million monthly active users [p.2]. Net income was $9,999 million [p.F-1].',
    })
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'What were revenue, users and net income?' },
      sessionCookie(newSid()),
    )
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.mode).toBe('llm')
    // Each citation also says how well its text matches the question, apart from `verified`.
    for (const c of body.citations) expect(['strong', 'partial', 'weak']).toContain(c.relevance?.level)
    expect(body.citations).toMatchObject([
      {
        page: '1',
        exists: true,
        verified: true,
        figures: ['$3,711 million'],
        missing: [],
        checks: [{ figure: '$3,711 million', found: true }],
      },
      {
        page: '2',
        exists: true,
        verified: true,
        figures: ['845 million'],
        missing: [],
        checks: [{ figure: '845 million', found: true }],
      },
      {
        page: 'F-1',
        exists: true,
        verified: false,
        figures: ['$9,999 million'],
        missing: ['$9,999 million'],
        checks: [{ figure: '$9,999 million', found: false }],
      },
    ])
    // In retrieval order; each source shows exactly the pages of it that the answer cites.
    expect(body.sources.map((s) => s.citedPages).sort()).toEqual([['1', '2'], ['F-1']])

    const sent = suite.fake.requests[0]
    // SDK 1.x sends the key as a bearer token (older versions used x-api-key).
    expect(sent?.headers.authorization ?? sent?.headers['x-api-key']).toMatch(/sk-ant-test-key$/)
    expect(sent?.headers['anthropic-version']).toBeTruthy()
    expect(sent?.body.stream).toBe(true)
    expect(sent?.body.model).toBe(suite.env.config.ANTHROPIC_MODEL)
    expect(sent?.body.system).toContain('Form S-1 of Acme Rockets, Inc.')
    expect(sent?.body.system).toContain('4 pages')
    const user = sent?.body.messages.at(-1)
    expect(user?.role).toBe('user')
    expect(user?.content).toMatch(/^<filing_excerpts>/)
    expect(user?.content).toContain('[p.F-1]')
    expect(user?.content).toMatch(
      /<\/filing_excerpts>\n\nQuestion: What were revenue, users and net income\?$/,
    )
  })

  it("checks every figure of Claude's answer: printed, computed from printed ones, or not found", async () => {
    suite.fake.queue.push({
      kind: 'text',
      text: 'The founder holds 57.1% of the voting power, not 60% [p.2]. Net income was $1,000 million and revenue $3,711 million, $2,711 million apart [p.1, p.F-1]. Revenue was $3.7 billion [p.1].',
    })
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'Voting power and income?' },
      sessionCookie(newSid()),
    )
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(body.mode).toBe('llm')
    const status = (page: string) =>
      body.citations.find((c) => c.page === page)?.checks.map((k) => [k.figure, k.status, k.found])
    expect(status('2')).toEqual([
      ['57.1%', 'printed', true],
      ['60%', 'not-found', false],
    ])
    expect(status('F-1')).toEqual([
      ['$1,000 million', 'printed', true],
      ['$3,711 million', 'printed', true],
      ['$2,711 million', 'computed', false],
    ])
    // p.1 is cited twice: the figures of both spans, each once, $3.7 billion by the quote's rounding.
    expect(status('1')).toEqual([
      ['$1,000 million', 'printed', true],
      ['$3,711 million', 'printed', true],
      ['$2,711 million', 'computed', false],
      ['$3.7 billion', 'printed', true],
    ])
    const f1 = body.citations.find((c) => c.page === 'F-1')
    expect(f1).toMatchObject({ verified: false, missing: ['$2,711 million'] })
    expect(f1?.checks[2]?.derivation).toBe('$3,711 million − $1,000 million')
  })

  it('resends prior turns, capped to the newest ones', async () => {
    const capped = await buildTestApp(suite.env, {
      anthropic: fakeClient(suite.fake.url),
      config: { HISTORY_MAX_TURNS: 2 },
    })
    try {
      const history = [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer [p.1]' },
        { role: 'user', content: 'second question' },
        { role: 'assistant', content: 'second answer [p.2]' },
      ]
      const res = await ask(
        capped,
        { filing: 'acme-s1', question: 'And a third?', history },
        sessionCookie(newSid()),
      )
      expect(res.statusCode).toBe(200)
      const messages = suite.fake.requests[0]?.body.messages ?? []
      expect(messages.map((m) => m.content.slice(0, 19))).toEqual([
        'second question',
        'second answer [p.2]',
        '<filing_excerpts>\n(',
      ])
      expect(messages[2]?.content).toContain('(no excerpts matched this question)')
    } finally {
      await capped.close()
    }
  })

  it('streams deltas as the model writes them, then done with the same data as JSON', async () => {
    const text = 'Revenue was $3,711 million in 2011 [p.1]. The filing does not say what 2012 revenue was.'
    suite.fake.queue.push({ kind: 'text', text, chunks: 5 }, { kind: 'text', text })
    const sid = newSid()
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'Revenue?' },
      { accept: 'text/event-stream', ...sessionCookie(sid) },
    )
    expect(res.statusCode).toBe(200)
    const events = parseSse(res.body)
    expect(events.filter((e) => e.event === 'delta')).toHaveLength(5)
    expect(events.map((e) => e.event).at(-1)).toBe('done')
    const done = events.at(-1)?.data as AskReply
    expect(done.answer).toBe(text)
    const json = (
      await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    ).json<AskReply>()
    expect({ ...done, session: null }).toEqual({ ...json, session: null })
  })

  it('turns a billing error (400 credit balance) into 402 plain words and does not count the question', async () => {
    const sid = newSid()
    suite.fake.queue.push({
      kind: 'error',
      status: 400,
      type: 'invalid_request_error',
      message: BILLING_MESSAGE,
    })
    const res = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    expect(res.statusCode).toBe(402)
    const body = res.json<ErrorReply>()
    expect(body).toMatchObject({ code: 'BILLING', session: { used: 0, limit: 8, left: 8 } })
    expect(res.body).not.toMatch(/credit balance|Plans & Billing|req_fake/)
    // Billing errors are not retried (one request).
    expect(suite.fake.requests).toHaveLength(1)
    // The same with streaming: a real status, since no text was produced yet.
    suite.fake.queue.push({
      kind: 'error',
      status: 400,
      type: 'invalid_request_error',
      message: BILLING_MESSAGE,
    })
    const sse = await ask(
      app,
      { filing: 'acme-s1', question: 'Revenue?' },
      { accept: 'text/event-stream', ...sessionCookie(sid) },
    )
    expect(sse.statusCode).toBe(402)
    expect(sse.json<ErrorReply>().code).toBe('BILLING')
    const ok = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    expect(ok.json<AskReply>().session.used).toBe(1)
  })

  it('retries overload once, then answers 503 with Retry-After and does not count the question', async () => {
    const sid = newSid()
    const overloaded = {
      kind: 'error',
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      headers: { 'retry-after': '0' },
    } as const
    suite.fake.queue.push(overloaded, { kind: 'text', text: 'Revenue was $3,711 million [p.1].' })
    const recovered = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    expect(recovered.statusCode).toBe(200)
    expect(suite.fake.requests).toHaveLength(2)

    suite.fake.queue.push(overloaded, overloaded)
    const res = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(sid))
    expect(res.statusCode).toBe(503)
    expect(res.json<ErrorReply>()).toMatchObject({ code: 'OVERLOADED', session: { used: 1 } })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(res.body).not.toMatch(/Overloaded"|overloaded_error/)
  })

  it('turns upstream 429 into 503 with the upstream Retry-After', async () => {
    const limited = {
      kind: 'error',
      status: 429,
      type: 'rate_limit_error',
      message: 'Number of request tokens has exceeded your per-minute rate limit',
      headers: { 'retry-after': '0' },
    } as const
    suite.fake.queue.push(limited, { ...limited, headers: { 'retry-after': '17' } })
    const res = await ask(app, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(newSid()))
    expect(res.statusCode).toBe(503)
    expect(res.json<ErrorReply>().code).toBe('UPSTREAM_RATE_LIMITED')
    expect(res.headers['retry-after']).toBe('17')
    expect(res.body).not.toMatch(/per-minute/)
  })

  it('reports a failure after text has streamed as an error event, and does not count it', async () => {
    const sid = newSid()
    suite.fake.queue.push({
      kind: 'stream-error',
      text: 'Revenue was $3,711',
      type: 'overloaded_error',
      message: 'Overloaded',
    })
    const res = await ask(
      app,
      { filing: 'acme-s1', question: 'Revenue?' },
      { accept: 'text/event-stream', ...sessionCookie(sid) },
    )
    expect(res.statusCode).toBe(200)
    const events = parseSse(res.body)
    expect(events[0]?.event).toBe('delta')
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'OVERLOADED', session: { used: 0 } },
    })
    expect(events.some((e) => e.event === 'done')).toBe(false)
  })

  it('bounds a hanging upstream by the answer timeout (504) and gives the question back', async () => {
    const slow = await buildTestApp(suite.env, {
      anthropic: fakeClient(suite.fake.url, { timeout: 60_000 }),
      config: { ANSWER_TIMEOUT_MS: 1000 },
    })
    try {
      suite.fake.queue.push({ kind: 'hang' })
      // No clock is read: the SDK's own timeout (60 s) is the test's, so only the answer timeout can
      // end this request before the test fails.
      const res = await ask(slow, { filing: 'acme-s1', question: 'Revenue?' }, sessionCookie(newSid()))
      expect(res.statusCode).toBe(504)
      expect(res.json<ErrorReply>()).toMatchObject({ code: 'TIMEOUT', session: { used: 0 } })
    } finally {
      await slow.close()
    }
  })

  it('aborts the upstream stream when the client disconnects, and gives the question back', async () => {
    // A real socket on 127.0.0.1: app.inject cannot hang up mid-stream.
    const live = await buildTestApp(suite.env, { anthropic: fakeClient(suite.fake.url) })
    try {
      const base = await live.listen({ host: '127.0.0.1', port: 0 })
      suite.fake.queue.push({
        kind: 'text',
        text: 'Revenue was $3,711 million in 2011 [p.1]. '.repeat(10),
        chunks: 20,
        delayMs: 100,
      })
      const sid = newSid()
      const controller = new AbortController()
      const res = await fetch(`${base}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...sessionCookie(sid) },
        body: JSON.stringify({ filing: 'acme-s1', question: 'Revenue?' }),
        signal: controller.signal,
      })
      expect(res.status).toBe(200)
      const reader = res.body?.getReader()
      const first = await reader?.read()
      expect(new TextDecoder().decode(first?.value)).toMatch(/^event: delta/)
      controller.abort()
      for (let i = 0; suite.fake.aborted === 0 && i < 100; i++) await new Promise((r) => setTimeout(r, 20))
      expect(suite.fake.aborted).toBe(1)
      for (let i = 0; (await live.sessions.get(sid)).used !== 0 && i < 100; i++)
        await new Promise((r) => setTimeout(r, 20))
      expect(await live.sessions.get(sid)).toMatchObject({ used: 0 })
      expect(live.answers.inflight.size).toBe(0)
    } finally {
      suite.fake.aborted = 0
      await live.close()
    }
  })

  it('GET /session?settled=true reads a stopped question as the server settled it', async () => {
    const live = await buildTestApp(suite.env, { anthropic: fakeClient(suite.fake.url) })
    try {
      const base = await live.listen({ host: '127.0.0.1', port: 0 })
      suite.fake.queue.push({
        kind: 'text',
        text: 'Revenue was $3,711 million [p.1]. '.repeat(20),
        chunks: 40,
        delayMs: 100,
      })
      const sid = newSid()
      const controller = new AbortController()
      const res = await fetch(`${base}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...sessionCookie(sid) },
        body: JSON.stringify({ filing: 'acme-s1', question: 'Revenue?' }),
        signal: controller.signal,
      })
      await res.body?.getReader().read()
      controller.abort()
      // Asked at once: the read waits for the stopped answer to be settled (here: given back).
      const settled = await fetch(`${base}/session?settled=true`, { headers: sessionCookie(sid) })
      expect(await settled.json()).toMatchObject({ used: 0, left: 8 })
      // Nothing in progress: a settled read answers at once, for a new visitor too.
      expect((await fetch(`${base}/session?settled=true`)).status).toBe(200)
      expect((await fetch(`${base}/session?settled=maybe`)).status).toBe(400)
    } finally {
      suite.fake.aborted = 0
      await live.close()
    }
  })

  it('lets an answer in flight finish when the app closes (graceful shutdown)', async () => {
    const closing = await buildTestApp(suite.env, { anthropic: fakeClient(suite.fake.url) })
    suite.fake.queue.push({
      kind: 'text',
      text: 'Revenue was $3,711 million in 2011 [p.1].',
      chunks: 6,
      delayMs: 100,
    })
    const pending = ask(
      closing,
      { filing: 'acme-s1', question: 'Revenue?' },
      { accept: 'text/event-stream', ...sessionCookie(newSid()) },
    )
    // Wait until the upstream request is under way, then close.
    while (suite.fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10))
    await new Promise((r) => setTimeout(r, 150))
    const closed = closing.close()
    const res = await pending
    await closed
    const events = parseSse(res.body)
    expect(events.at(-1)?.event).toBe('done')
    expect((events.at(-1)?.data as AskReply | undefined)?.answer).toBe(
      'Revenue was $3,711 million in 2011 [p.1].',
    )
  })
})
