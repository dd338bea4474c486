import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { formatReset } from '../src/lib/allowance'
import {
  askReply,
  errorReply,
  fakeApi,
  filingsReply,
  json,
  networkDown,
  renderApp,
  sseResponse,
  sseStream,
} from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

async function askOnce(ask: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ 'GET /filings': () => json(filingsReply), 'POST /ask': ask })
  const view = renderApp()
  await view.user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
  return { ...view, api }
}

describe('failures in plain words', () => {
  test('session cap reached (429 SESSION_LIMIT): says so, and the question box is closed', async () => {
    await askOnce(() =>
      json(
        errorReply(429, 'You have asked 8 questions, the limit for one session.', {
          code: 'SESSION_LIMIT',
          session: { used: 8, limit: 8, left: 0, resetsAt: '2031-03-04T05:06:00.000Z' },
        }),
        429,
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('You have used all your questions')
    // The server's own message, then when the allowance comes back (never "per visit").
    expect(alert).toHaveTextContent('You have asked 8 questions, the limit for one session.')
    const reset = formatReset('2031-03-04T05:06:00.000Z')
    expect(alert).toHaveTextContent(`You can ask again from ${reset}.`)
    expect(alert).not.toHaveTextContent(/per visit/)
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByText(`No questions left · 8 more on ${reset}`)).toBeInTheDocument()
    // Nothing can be sent, so no hint about sending.
    expect(screen.queryByText(/Enter to send/)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /your question/i })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled()
  })

  test('billing (402): answers are paused, the question did not count, no pointless retry', async () => {
    await askOnce(() => json(errorReply(402, 'The AI service is out of credit.', { code: 'BILLING' }), 402))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Answers are paused')
    expect(alert).toHaveTextContent('This question was not counted against your limit.')
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
  })

  test('daily budget spent (503 BUDGET_EXHAUSTED): plain words, when it resets, no pointless retry', async () => {
    await askOnce(() =>
      json(
        errorReply(503, "AskS1 has used today's spending limit.", {
          code: 'BUDGET_EXHAUSTED',
          session: { used: 2, limit: 8, left: 6 },
          allowance: {
            scope: 'global',
            used: 500,
            limit: 500,
            left: 0,
            resetsAt: '2026-03-11T00:00:00.000Z',
          },
        }),
        503,
        { 'retry-after': String(6 * 3600) },
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('AskS1 has answered all it can for today')
    expect(alert).toHaveTextContent('Answers start again at midnight UTC (in about 6 hours).')
    expect(alert).toHaveTextContent('This question was not counted against your limit.')
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
  })

  test("the address's daily cap (429 IP_DAILY_LIMIT): says whose limit and when it resets", async () => {
    await askOnce(() =>
      json(
        errorReply(429, 'Your network has asked all 40 questions.', {
          code: 'IP_DAILY_LIMIT',
          session: { used: 3, limit: 8, left: 0 },
          allowance: { scope: 'address', used: 40, limit: 40, left: 0, resetsAt: '2026-03-11T00:00:00.000Z' },
        }),
        429,
        { 'retry-after': '1800' },
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("You have reached today's limit")
    expect(alert).toHaveTextContent(
      'AskS1 answers 40 questions a day from one network, and they have all been asked. They start again at midnight UTC (in about 30 minutes).',
    )
    expect(screen.getByText('No questions left today from this network')).toBeInTheDocument()
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
  })

  test('all model slots taken (503 BUSY): not counted, a retry once the wait is over', async () => {
    await askOnce(() =>
      json(errorReply(503, 'AskS1 is answering as many questions as it can.', { code: 'BUSY' }), 503, {
        'retry-after': '5',
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('AskS1 is busy')
    expect(alert).toHaveTextContent(
      'Try again in 5 seconds. This question was not counted against your limit.',
    )
    expect(within(alert).getByRole('button')).toHaveTextContent(/^Try again in \d seconds?$/)
  })

  test('overload (503 + Retry-After): counts down, then retries the same question', async () => {
    let n = 0
    const { user, api } = await askOnce(() =>
      n++ === 0
        ? json(errorReply(503, 'The model is overloaded.', { code: 'OVERLOADED' }), 503, {
            'retry-after': '2',
          })
        : sseResponse([
            { event: 'done', data: askReply({ answer: 'Zynga was 12% of revenue [p.80].', sources: [] }) },
          ]),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The AI model is busy')
    expect(alert).toHaveTextContent(
      'Try again in 2 seconds. This question was not counted against your limit.',
    )
    const retry = within(alert).getByRole('button')
    expect(retry).toBeDisabled()
    expect(retry).toHaveTextContent('Try again in 2 seconds')
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3500 })
    await user.click(retry)
    expect(await screen.findByText(/Zynga was 12% of revenue/)).toBeInTheDocument()
    expect(api.callsTo('POST /ask')).toHaveLength(2)
    expect(api.callsTo('POST /ask')[1]?.body).toEqual(api.callsTo('POST /ask')[0]?.body)
  })

  test('network failure: a retry button asks again and the answer arrives', async () => {
    let n = 0
    const { user } = await askOnce(() =>
      n++ === 0 ? networkDown() : sseResponse([{ event: 'done', data: askReply({ sources: [] }) }]),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not reach AskS1')
    expect(alert).toHaveTextContent('Check your connection and try again.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/up 88% from 2010/)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  test('a connection dropped mid-answer is a network failure, not half an answer', async () => {
    const stream = sseStream()
    await askOnce(() => stream.response)
    await act(async () => stream.send({ event: 'delta', data: { text: 'Zynga accounted for ' } }))
    expect(await screen.findByText(/Zynga accounted for/)).toBeInTheDocument()
    await act(async () => stream.drop())
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach AskS1')
    expect(screen.queryByText(/Zynga accounted for/)).not.toBeInTheDocument()
  })

  test('a stream that ends without its final event is reported, not shown as complete', async () => {
    const stream = sseStream()
    await askOnce(() => stream.response)
    await act(async () => {
      stream.send({ event: 'delta', data: { text: 'Partial' } })
      stream.close()
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'the connection dropped before the answer finished',
    )
  })

  test('an error event mid-stream (upstream overload) gets the overload copy', async () => {
    await askOnce(() =>
      sseResponse([
        { event: 'delta', data: { text: 'Zynga' } },
        { event: 'error', data: errorReply(503, 'Overloaded upstream.', { code: 'OVERLOADED' }) },
      ]),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The AI model is busy')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  test('server error (500): our side, try again; raw server text is not shown', async () => {
    await askOnce(() =>
      json(errorReply(500, 'TypeError: cannot read x of undefined', { code: 'INTERNAL' }), 500),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong on our side')
    expect(alert).not.toHaveTextContent('TypeError')
  })

  test('per-address rate limit (429 without SESSION_LIMIT) asks to slow down', async () => {
    await askOnce(() =>
      json(errorReply(429, 'Too many requests.', { code: 'RATE_LIMITED' }), 429, { 'retry-after': '30' }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Slow down a little')
    expect(alert).toHaveTextContent('Try again in 30 seconds.')
  })

  test('the filings list failing to load offers a retry', async () => {
    let n = 0
    fakeApi({ 'GET /filings': () => (n++ === 0 ? networkDown() : json(filingsReply)) })
    const { user } = renderApp()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not reach AskS1')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Facebook')
  })
})
