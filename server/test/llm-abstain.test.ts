/**
 * llm mode abstains by the same evidence check as extractive mode, before Claude is asked: an
 * abstained question reaches no model (the local Messages API fake records zero requests), spends
 * nothing and is not counted, in JSON and in server-sent events; an answerable one is asked once
 * and counted, even when Claude's own reply is that the filing does not say.
 */
import type { AskReply, SessionInfo } from '@asks1/shared/contract/api'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MODEL_NOT_ASKED_NOTE, NOT_CONFIGURED_NOTE } from '../src/answer/extractive'
import { type FakeAnthropic, startFakeAnthropic } from '../testing/fake-anthropic'
import { buildTestApp, fakeClient, makeEnv, parseSse, sessionCookie, type TestEnv } from './helper'

let env: TestEnv
let fake: FakeAnthropic
let llm: FastifyInstance
let extractive: FastifyInstance

beforeAll(async () => {
  env = await makeEnv()
  fake = await startFakeAnthropic()
  llm = await buildTestApp(env, { anthropic: fakeClient(fake.url) })
  extractive = await buildTestApp(env, { anthropic: null })
})
afterAll(async () => {
  await llm?.close()
  await extractive?.close()
  await fake?.close()
  await env?.cleanup()
})
beforeEach(() => {
  fake.queue.length = 0
  fake.requests.length = 0
})

let n = 0
const newSid = () => `llm-abstain-${++n}`.padEnd(24, 'x')

const UNANSWERABLE = {
  filing: 'acme-s1',
  question: 'What is the favourite food of Acme’s founder, Zaphod Beeblebrox?',
}
const ANSWERABLE = { filing: 'acme-s1', question: 'What was Acme’s revenue in 2011?' }
const SSE = { accept: 'text/event-stream' }

const ask = (app: FastifyInstance, body: object, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/ask', payload: body, headers })
const used = async (app: FastifyInstance, sid: string) =>
  (await app.inject({ url: '/session', headers: sessionCookie(sid) })).json<SessionInfo>().used

/** The `delta` texts and the `done` reply of a streamed answer. */
function streamed(body: string): { events: string[]; text: string; done: AskReply } {
  const events = parseSse(body)
  return {
    events: events.map((e) => e.event),
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join(''),
    done: events.at(-1)?.data as AskReply,
  }
}

describe('llm mode: the evidence check before Claude', () => {
  it('abstains as extractive mode does, without asking Claude or counting the question (JSON)', async () => {
    const sid = newSid()
    const res = await ask(llm, UNANSWERABLE, sessionCookie(sid))
    expect(res.statusCode).toBe(200)
    const body = res.json<AskReply>()
    expect(fake.requests).toHaveLength(0)
    expect(body.mode).toBe('llm')
    expect(body.answer).toMatch(/^The filing does not appear to say/)
    expect(body.answer.split('\n').at(-1)).toBe(MODEL_NOT_ASKED_NOTE)
    expect(body.answer).not.toContain('No AI model is configured')
    expect(body.citations).toEqual([])
    expect(body.session.used).toBe(0)
    expect(await used(llm, sid)).toBe(0)

    // The same abstention, field for field, as extractive mode gives; only the last line differs.
    const plain = (await ask(extractive, UNANSWERABLE, sessionCookie(newSid()))).json<AskReply>()
    expect(plain.abstention).toBeDefined()
    expect(body.abstention).toEqual(plain.abstention)
    expect(plain.answer.split('\n').at(-1)).toBe(NOT_CONFIGURED_NOTE)
    expect(body.answer.split('\n').slice(0, -1)).toEqual(plain.answer.split('\n').slice(0, -1))
  })

  it('asks Claude once for an answerable question, and counts it (JSON)', async () => {
    const sid = newSid()
    fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].' })
    const body = (await ask(llm, ANSWERABLE, sessionCookie(sid))).json<AskReply>()
    expect(fake.requests).toHaveLength(1)
    expect(body).toMatchObject({ mode: 'llm', answer: 'Revenue was $3,711 million in 2011 [p.1].' })
    expect(body.abstention).toBeUndefined()
    expect(body.session.used).toBe(1)
    expect(await used(llm, sid)).toBe(1)
  })

  it('counts a question Claude was asked, even when its reply says the filing does not say', async () => {
    // Giving such a reply back would make any question phrased to draw it a free model call.
    const sid = newSid()
    fake.queue.push({ kind: 'text', text: 'The filing does not say what revenue was in 2011.' })
    const body = (await ask(llm, ANSWERABLE, sessionCookie(sid))).json<AskReply>()
    expect(fake.requests).toHaveLength(1)
    expect(body.abstention).toBeUndefined()
    expect(await used(llm, sid)).toBe(1)
  })

  it('asks Claude about a follow-up the check cannot read alone, and counts it', async () => {
    // "And in 2010?" means what the turns before it say; the check reads only the question.
    const sid = newSid()
    const history = [
      { role: 'user', content: 'What was Acme’s revenue in 2011?' },
      { role: 'assistant', content: 'Revenue was $3,711 million in 2011 [p.1].' },
    ]
    const alone = (
      await ask(llm, { filing: 'acme-s1', question: 'And in 2010?' }, sessionCookie(newSid()))
    ).json<AskReply>()
    expect(alone.abstention).toBeDefined()
    expect(fake.requests).toHaveLength(0)
    fake.queue.push({ kind: 'text', text: 'Revenue was $1,974 million in 2010 [p.1].' })
    const body = (
      await ask(llm, { filing: 'acme-s1', question: 'And in 2010?', history }, sessionCookie(sid))
    ).json<AskReply>()
    expect(fake.requests).toHaveLength(1)
    expect(body.abstention).toBeUndefined()
    expect(await used(llm, sid)).toBe(1)
  })

  it('streams the abstention as extractive mode does, without asking Claude or counting (SSE)', async () => {
    const sid = newSid()
    const res = await ask(llm, UNANSWERABLE, { ...SSE, ...sessionCookie(sid) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    const got = streamed(res.body)
    expect(fake.requests).toHaveLength(0)
    expect(got.done.session.used).toBe(0)
    expect(await used(llm, sid)).toBe(0)
    expect(got.text).toBe(got.done.answer)
    expect(got.done.answer.split('\n').at(-1)).toBe(MODEL_NOT_ASKED_NOTE)

    const plain = streamed((await ask(extractive, UNANSWERABLE, { ...SSE, ...sessionCookie(newSid()) })).body)
    expect(got.events).toEqual(plain.events)
    expect(got.done.abstention).toEqual(plain.done.abstention)
    // The streamed reply is the JSON reply.
    const json = (await ask(llm, UNANSWERABLE, sessionCookie(sid))).json<AskReply>()
    expect(got.done).toEqual(json)
    expect(fake.requests).toHaveLength(0)
  })

  it('streams Claude’s answer to an answerable question, asked once and counted (SSE)', async () => {
    const sid = newSid()
    fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].', chunks: 3 })
    const got = streamed((await ask(llm, ANSWERABLE, { ...SSE, ...sessionCookie(sid) })).body)
    expect(fake.requests).toHaveLength(1)
    expect(got.events.filter((e) => e === 'delta').length).toBeGreaterThan(1)
    expect(got.done).toMatchObject({ mode: 'llm', answer: 'Revenue was $3,711 million in 2011 [p.1].' })
    expect(got.done.abstention).toBeUndefined()
    expect(got.done.session.used).toBe(1)
    expect(await used(llm, sid)).toBe(1)
  })

  it('a question asking two things asks Claude when a part is answered, not when none is', async () => {
    const none = {
      filing: 'acme-s1',
      question: 'What is Zaphod Beeblebrox’s favourite food, and how much does it cost?',
    }
    const sid = newSid()
    const abstained = (await ask(llm, none, sessionCookie(sid))).json<AskReply>()
    expect(abstained.abstention).toBeDefined()
    // Each part was asked apart, and each part's reason is given.
    expect(abstained.answer.split('\n').slice(0, 3)).toEqual([
      'The filing does not appear to say:',
      expect.stringMatching(/^- “What is Zaphod Beeblebrox’s favourite food\?”: /),
      expect.stringMatching(/^- “How much does it cost\?”: /),
    ])
    expect(abstained.answer.split('\n').at(-1)).toBe(MODEL_NOT_ASKED_NOTE)
    expect(fake.requests).toHaveLength(0)
    expect(await used(llm, sid)).toBe(0)

    const one = {
      filing: 'acme-s1',
      question: 'How much revenue did Acme make in 2011, and how fast did it grow?',
    }
    fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].' })
    const answered = (await ask(llm, one, sessionCookie(sid))).json<AskReply>()
    expect(answered.abstention).toBeUndefined()
    expect(fake.requests).toHaveLength(1)
    expect(await used(llm, sid)).toBe(1)
  })

  it('takes none of the daily budget, and abstains even once the budget is spent', async () => {
    // Its own data directory: the budget's counters live in the state database.
    const own = await makeEnv()
    const one = await buildTestApp(own, {
      anthropic: fakeClient(fake.url),
      config: { MAX_QUESTIONS_PER_DAY: 1 },
    })
    try {
      expect(
        (await ask(one, UNANSWERABLE, sessionCookie(newSid()))).json<AskReply>().abstention,
      ).toBeDefined()
      fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].' })
      // The abstention left the day's one answer for this question.
      expect((await ask(one, ANSWERABLE, sessionCookie(newSid()))).statusCode).toBe(200)
      const refused = await ask(one, ANSWERABLE, sessionCookie(newSid()))
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toMatchObject({ code: 'BUDGET_EXHAUSTED', session: { used: 0 } })
      // No model is needed to say the filing does not say.
      const sid = newSid()
      const abstained = await ask(one, UNANSWERABLE, sessionCookie(sid))
      expect(abstained.statusCode).toBe(200)
      expect(abstained.json<AskReply>()).toMatchObject({ mode: 'llm', session: { used: 0 } })
      expect(fake.requests).toHaveLength(1)
    } finally {
      await one.close()
      await own.cleanup()
    }
  })

  it('does not wait for a model slot: it abstains while every slot is busy', async () => {
    const busy = await buildTestApp(env, {
      anthropic: fakeClient(fake.url),
      config: { MAX_CONCURRENT_ANSWERS: 1, MAX_QUEUED_ANSWERS: 0 },
    })
    let open = () => {}
    const held = new Promise<void>((r) => {
      open = r
    })
    try {
      fake.queue.push({ kind: 'text', text: 'Revenue was $3,711 million in 2011 [p.1].', gate: held })
      const first = ask(busy, ANSWERABLE, sessionCookie(newSid()))
      await vi.waitFor(
        () => {
          if (fake.active !== 1) throw new Error('the first answer has not reached the model yet')
        },
        { timeout: 30_000, interval: 10 },
      )
      const turnedAway = await ask(busy, ANSWERABLE, sessionCookie(newSid()))
      expect(turnedAway.statusCode).toBe(503)
      expect(turnedAway.json()).toMatchObject({ code: 'BUSY', session: { used: 0 } })
      const abstained = await ask(busy, UNANSWERABLE, sessionCookie(newSid()))
      expect(abstained.statusCode).toBe(200)
      expect(abstained.json<AskReply>().abstention).toBeDefined()
      open()
      expect((await first).statusCode).toBe(200)
      expect(fake.requests).toHaveLength(1)
    } finally {
      open()
      await busy.close()
    }
  })
})
