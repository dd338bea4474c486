import type { SessionInfo } from '@asks1/shared/contract/api'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  askReply,
  deferred,
  errorReply,
  fakeApi,
  filingsReply,
  json,
  renderApp,
  sseResponse,
} from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

const session = (used: number, limit = 8): SessionInfo => ({ used, limit, left: Math.max(limit - used, 0) })
const done = (used: number) => sseResponse([{ event: 'done', data: askReply({ session: session(used) }) }])

describe('questions left (GET /session, then each answer)', () => {
  test('shows the allowance from the start, then the figures each answer reports (no re-read)', async () => {
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'GET /session': () => json(session(2)),
      'POST /ask': () => done(3),
    })
    const { user } = renderApp()
    expect(await screen.findByText('6 of 8 questions left')).toBeInTheDocument()
    expect(api.callsTo('POST /ask')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: /Zynga\?/ }))
    expect(await screen.findByText('5 of 8 questions left')).toBeInTheDocument()
    expect(api.callsTo('GET /session')).toHaveLength(1)
  })

  test('a spent allowance closes the question box before any question is asked', async () => {
    const api = fakeApi({ 'GET /filings': () => json(filingsReply), 'GET /session': () => json(session(8)) })
    renderApp()
    expect(await screen.findByText('No questions left')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /your question/i })).toBeDisabled()
    for (const card of screen.getAllByRole('button', { name: /\?$/ })) expect(card).toBeDisabled()
    expect(api.callsTo('POST /ask')).toHaveLength(0)
  })

  test('a failure that reports the session updates the count', async () => {
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'GET /session': () => json(session(7)),
      'POST /ask': () =>
        json(
          errorReply(429, 'You have asked all 8 questions.', { code: 'SESSION_LIMIT', session: session(8) }),
          429,
        ),
    })
    const { user } = renderApp()
    expect(await screen.findByText('1 of 8 questions left')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Zynga\?/ }))
    expect(await screen.findByText('No questions left')).toBeInTheDocument()
  })

  test('when /session fails, no count is shown and questions still work', async () => {
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'GET /session': () => json(errorReply(500, 'Something went wrong on our side.'), 500),
      'POST /ask': () => done(1),
    })
    const { user } = renderApp()
    const card = await screen.findByRole('button', { name: /Zynga\?/ })
    await waitFor(() => expect(api.callsTo('GET /session')).toHaveLength(1))
    expect(screen.queryByText(/questions left/)).not.toBeInTheDocument()
    await user.click(card)
    expect(await screen.findByText('7 of 8 questions left')).toBeInTheDocument()
  })

  test('a /session read still in flight when an answer arrives cannot overwrite the newer figures', async () => {
    const slow = deferred<Response>()
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'GET /session': () => slow.promise,
      'POST /ask': () => done(1),
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    expect(await screen.findByText('7 of 8 questions left')).toBeInTheDocument()
    // The read was sent before the question took its slot: its "8 left" is stale.
    slow.resolve(json(session(0)))
    await new Promise((r) => setTimeout(r, 50))
    await waitFor(() => expect(screen.getByText('7 of 8 questions left')).toBeInTheDocument())
    expect(screen.queryByText('8 of 8 questions left')).not.toBeInTheDocument()
  })
})
