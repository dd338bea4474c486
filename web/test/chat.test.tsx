import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { EXTRACTIVE_LABEL } from '../src/components/Turn'
import { askReply, fakeApi, filingsReply, json, renderApp, sseResponse, sseStream } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('chat', () => {
  test('streams the answer as it arrives, then shows the checked citations and the session', async () => {
    const stream = sseStream()
    const api = fakeApi({ 'GET /filings': () => json(filingsReply), 'POST /ask': () => stream.response })
    const { user } = renderApp()
    // The allowance (GET /session) and the model (in /filings) show before the first question.
    expect(await screen.findByText('8 of 8 questions left')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      "Answers are written by Claude (claude-haiku-4-5) from the filing's text.",
    )
    await user.click(
      await screen.findByRole('button', { name: /How much revenue did Facebook make in 2011/ }),
    )

    const [call] = api.callsTo('POST /ask')
    expect(call?.headers.get('accept')).toBe('text/event-stream')
    expect(call?.body).toEqual({
      filing: 'facebook-s1',
      question: 'How much revenue did Facebook make in 2011, and how fast did it grow?',
    })
    const turn = screen.getByRole('article', { name: /Question: How much revenue/ })
    expect(within(turn).getByText('Reading the filing…')).toBeInTheDocument()

    await act(async () => stream.send({ event: 'delta', data: { text: 'Revenue was $3,711 million ' } }))
    expect(await within(turn).findByText(/Revenue was \$3,711 million/)).toBeInTheDocument()
    const answer = turn.querySelector('.answer') as HTMLElement
    expect(answer).toHaveAttribute('aria-busy', 'true')

    // A citation split across two deltas becomes a chip once it is whole; not checked yet.
    await act(async () => stream.send({ event: 'delta', data: { text: 'in 2011 (p.5' } }))
    await act(async () => stream.send({ event: 'delta', data: { text: '6).' } }))
    const pending = await within(turn).findByRole('button', { name: 'p.56, open the page' })
    expect(pending).toHaveClass('cite--pending')
    // The slot is only known taken once the server reports it (in `done`).
    expect(screen.getByText('8 of 8 questions left')).toBeInTheDocument()

    const reply = askReply({ answer: 'Revenue was $3,711 million in 2011 (p.56).', sources: [] })
    await act(async () => {
      stream.send({ event: 'done', data: reply })
      stream.close()
    })
    expect(await within(turn).findByRole('button', { name: 'p.56, checked, open the page' })).toHaveClass(
      'cite--verified',
    )
    await waitFor(() => expect(answer).toHaveAttribute('aria-busy', 'false'))
    expect(screen.getByText('3 of 8 questions left')).toBeInTheDocument()
    expect(screen.getByRole('log', { name: 'Questions and answers' })).toContainElement(turn)
    // llm mode: no excerpt label; the footer names the model.
    expect(within(turn).queryByText(EXTRACTIVE_LABEL)).not.toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Answers are written by Claude (claude-haiku-4-5)',
    )
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Nothing here is investment advice.')
  })

  test('Enter sends, Shift+Enter adds a line, and the next question carries the history', async () => {
    let n = 0
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () =>
        sseResponse([
          { event: 'delta', data: { text: 'First answer ' } },
          {
            event: 'done',
            data: askReply({
              answer: n++ === 0 ? 'First answer [p.56].' : 'Second answer [p.57].',
              sources: [],
            }),
          },
        ]),
    })
    const { user } = renderApp()
    const box = await screen.findByRole('textbox', { name: /your question/i })
    await user.type(box, 'How much revenue?{Shift>}{Enter}{/Shift}In 2011')
    expect(box).toHaveValue('How much revenue?\nIn 2011')
    expect(api.callsTo('POST /ask')).toHaveLength(0)
    await user.keyboard('{Enter}')
    expect(box).toHaveValue('')
    expect(await screen.findByText(/First answer/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeInTheDocument())

    await user.type(box, 'And in 2010?{Enter}')
    expect(await screen.findByText(/Second answer/)).toBeInTheDocument()
    const calls = api.callsTo('POST /ask')
    expect(calls).toHaveLength(2)
    expect(calls[0]?.body).toEqual({ filing: 'facebook-s1', question: 'How much revenue?\nIn 2011' })
    expect(calls[1]?.body).toEqual({
      filing: 'facebook-s1',
      question: 'And in 2010?',
      history: [
        { role: 'user', content: 'How much revenue?\nIn 2011' },
        { role: 'assistant', content: 'First answer [p.56].' },
      ],
    })
  })

  test('a suggestion chip fills the question box; an empty box cannot be sent', async () => {
    const api = fakeApi({ 'GET /filings': () => json(filingsReply) })
    const { user } = renderApp()
    const box = await screen.findByRole('textbox', { name: /your question/i })
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Zynga' }))
    expect(box).toHaveValue('Zynga')
    expect(box).toHaveFocus()
    expect(api.callsTo('POST /ask')).toHaveLength(0)
  })

  test('extractive mode is labelled as excerpts, in the answer and in the footer', async () => {
    fakeApi({
      'GET /filings': () => json({ ...filingsReply, answerer: { mode: 'extractive', model: null } }),
      'POST /ask': () =>
        sseResponse([
          {
            event: 'done',
            data: askReply({
              mode: 'extractive',
              answer: '- “Revenue was $3,711 million in 2011.” (p.56)\n- “Revenue grew 88%.” (p.57)',
            }),
          },
        ]),
    })
    const { user } = renderApp()
    // Said before the first question: the server declares its answerer in /filings.
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      'No AI model is configured: answers are excerpts quoted from the filing.',
    )
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('Claude')
    await user.click(await screen.findByRole('button', { name: /What share of revenue came from Zynga/ }))
    expect(await screen.findByText(EXTRACTIVE_LABEL)).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').some((li) => /Revenue grew 88%/.test(li.textContent ?? ''))).toBe(
      true,
    )
    expect(screen.getByRole('contentinfo')).toHaveTextContent('No AI model is configured')
  })

  test('a server that answers plain JSON despite the Accept header still works', async () => {
    fakeApi({ 'GET /filings': () => json(filingsReply), 'POST /ask': () => json(askReply()) })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: 'Zynga' }))
    await user.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText(/up 88% from 2010/)).toBeInTheDocument()
  })
})
