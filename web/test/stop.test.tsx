import type { SessionInfo } from '@asks1/shared/contract/api'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { STOPPED_COUNTED_LABEL, STOPPED_LABEL } from '../src/components/Turn'
import { askReply, fakeApi, filingsReply, json, renderApp, sseStream } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

/**
 * POST /ask answers with a stream the test feeds, one per request; GET /session reports 6 left, as
 * the server does once it has given a stopped question back.
 */
function stoppableApi(afterStop?: SessionInfo) {
  const streams: ReturnType<typeof sseStream>[] = []
  const session: SessionInfo = { used: 2, limit: 8, left: 6 }
  const api = fakeApi({
    'GET /filings': () => json(filingsReply),
    // A settled read (after a Stop) reports what the server decided.
    'GET /session': ({ url }) =>
      json(url.searchParams.get('settled') === 'true' && afterStop ? afterStop : session),
    'POST /ask': () => {
      const stream = sseStream()
      streams.push(stream)
      return stream.response
    },
  })
  return { ...api, streams }
}

describe('stopping a streaming answer', () => {
  test('Stop aborts the request, keeps the partial text marked as stopped, re-reads the session; Retry asks again', async () => {
    const api = stoppableApi()
    const { user } = renderApp()
    expect(await screen.findByText('6 of 8 questions left')).toBeInTheDocument()
    await user.click(
      await screen.findByRole('button', { name: /How much revenue did Facebook make in 2011/ }),
    )
    // While the answer streams, Stop takes the send button's place.
    const stopButton = await screen.findByRole('button', { name: 'Stop answer' })
    expect(screen.queryByRole('button', { name: 'Ask' })).not.toBeInTheDocument()
    const [first] = api.streams
    const turn = screen.getByRole('article', { name: /Question: How much revenue/ })
    await act(async () => first?.send({ event: 'delta', data: { text: 'Revenue was $3,711 million ' } }))
    await act(async () => first?.send({ event: 'delta', data: { text: 'in 2011 (p.56), up' } }))
    expect(await within(turn).findByRole('button', { name: 'p.56, open the page' })).toBeVisible()

    const [ask] = api.callsTo('POST /ask')
    expect(ask?.signal).toBeInstanceOf(AbortSignal)
    expect(ask?.signal?.aborted).toBe(false)
    const sessionReads = api.callsTo('GET /session').length
    await user.click(stopButton)

    expect(ask?.signal?.aborted).toBe(true)
    expect(await within(turn).findByText(STOPPED_LABEL)).toBeInTheDocument()
    // What had arrived stays, set apart; never checked, never shown as a complete answer.
    expect(turn.querySelector('.answer__text')).toHaveTextContent(
      'Revenue was $3,711 million in 2011 p.56, up',
    )
    expect(turn.querySelector('.answer__text')).toHaveClass('answer__text--partial')
    expect(within(turn).getByRole('button', { name: 'p.56, open the page' })).toHaveClass('cite--pending')
    expect(within(turn).queryByRole('region', { name: 'Sources' })).not.toBeInTheDocument()
    expect(turn.querySelector('.answer')).toHaveAttribute('aria-busy', 'false')
    expect(turn.querySelector('.caret')).toBeNull()
    // The response stream is closed from the client's side: the server sees the client leave.
    expect(first?.clientLeft()).toBe(true)

    // The allowance is read again, and the composer is ready for a question.
    await waitFor(() => expect(api.callsTo('GET /session').length).toBe(sessionReads + 1))
    // Read once the server has settled the stopped question: its figures, not a guess.
    expect(api.callsTo('GET /session').at(-1)?.url.search).toBe('?settled=true')
    expect(screen.getByText('6 of 8 questions left')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ask' })).toBeInTheDocument()
    // A stopped question never re-runs by itself.
    expect(api.callsTo('POST /ask')).toHaveLength(1)

    await user.click(within(turn).getByRole('button', { name: 'Retry' }))
    const asks = api.callsTo('POST /ask')
    expect(asks).toHaveLength(2)
    expect(asks[1]?.body).toEqual(asks[0]?.body)
    expect(within(turn).queryByText(STOPPED_LABEL)).not.toBeInTheDocument()
    expect(within(turn).getByText('Reading the filing…')).toBeInTheDocument()
    const reply = askReply({ answer: 'Revenue was $3,711 million in 2011 (p.56).', sources: [] })
    await act(async () => {
      api.streams[1]?.send({ event: 'done', data: reply })
      api.streams[1]?.close()
    })
    expect(await within(turn).findByRole('button', { name: 'p.56, checked, open the page' })).toHaveClass(
      'cite--verified',
    )
    expect(turn.querySelector('.answer__text')).not.toHaveClass('answer__text--partial')
    expect(screen.getByText('3 of 8 questions left')).toBeInTheDocument()
  })

  test('a stopped question the server had already counted is labelled counted, with its figures', async () => {
    const api = stoppableApi({ used: 3, limit: 8, left: 5 })
    const { user } = renderApp()
    expect(await screen.findByText('6 of 8 questions left')).toBeInTheDocument()
    await user.click(
      await screen.findByRole('button', { name: /How much revenue did Facebook make in 2011/ }),
    )
    const turn = screen.getByRole('article', { name: /Question: How much revenue/ })
    await act(async () => api.streams[0]?.send({ event: 'delta', data: { text: 'Revenue was' } }))
    await user.click(await screen.findByRole('button', { name: 'Stop answer' }))
    expect(await within(turn).findByText(STOPPED_COUNTED_LABEL)).toBeInTheDocument()
    expect(within(turn).queryByText(STOPPED_LABEL)).not.toBeInTheDocument()
    expect(screen.getByText('5 of 8 questions left')).toBeInTheDocument()
  })

  test('from the keyboard: Tab reaches Stop, Escape in the question box stops; a stopped answer is no history', async () => {
    const api = stoppableApi()
    const { user } = renderApp()
    const box = await screen.findByRole('textbox', { name: /your question/i })
    await user.click(box)
    await user.keyboard('How much revenue?{Enter}')
    await act(async () => api.streams[0]?.send({ event: 'delta', data: { text: 'Revenue was' } }))
    expect(await screen.findByText(/Revenue was/)).toBeInTheDocument()
    expect(screen.getByText('Esc to stop the answer')).toBeInTheDocument()

    // Tab from the question box lands on Stop; Enter presses it and focus returns to the box.
    await user.tab()
    expect(screen.getByRole('button', { name: 'Stop answer' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(api.calls.find((c) => c.method === 'POST')?.signal?.aborted).toBe(true)
    expect(await screen.findByText(STOPPED_LABEL)).toBeInTheDocument()
    expect(box).toHaveFocus()

    // The next question: the stopped one is not sent as history (its answer was never complete).
    await user.keyboard('And in 2010?{Enter}')
    await waitFor(() => expect(api.callsTo('POST /ask')).toHaveLength(2))
    expect(api.callsTo('POST /ask')[1]?.body).toEqual({ filing: 'facebook-s1', question: 'And in 2010?' })
    // Escape in the question box stops this one, before any text has arrived.
    const second = screen.getByRole('article', { name: /Question: And in 2010/ })
    expect(within(second).getByText('Reading the filing…')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(api.callsTo('POST /ask')[1]?.signal?.aborted).toBe(true)
    expect(await within(second).findByText(STOPPED_LABEL)).toBeInTheDocument()
    expect(within(second).getByText('You stopped the answer before any of it arrived.')).toBeInTheDocument()
    expect(box).toHaveFocus()
    // Escape with nothing streaming does nothing.
    await user.keyboard('{Escape}')
    expect(api.callsTo('POST /ask')).toHaveLength(2)
  })
})
