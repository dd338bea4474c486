import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { askReply, deferred, fakeApi, filingsReply, json, renderApp, sseResponse } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

const nav = () => screen.getByRole('navigation', { name: 'Filings' })
const current = () => within(nav()).getByRole('link', { current: 'page' })

describe('filing switcher', () => {
  test('shows the registry default when the URL names none, with its placeholder, chips and questions', async () => {
    fakeApi({ 'GET /filings': () => json(filingsReply) })
    renderApp()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Facebook, Inc. FB')
    expect(current()).toHaveTextContent('Facebook, Inc.')
    expect(screen.getByRole('textbox', { name: /your question about facebook's s-1/i })).toHaveAttribute(
      'placeholder',
      "Ask about Facebook's S-1, e.g. how many daily active users it had",
    )
    expect(screen.getByRole('button', { name: 'Revenue 2011' })).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: /How much revenue did Facebook make in 2011/ }),
    ).toBeInTheDocument()
    // Every entry is a real, shareable link.
    expect(within(nav()).getByRole('link', { name: /Pandora Media/ })).toHaveAttribute(
      'href',
      '?company=pandora-s1',
    )
  })

  test('?company=<id> selects that filing, so shared links keep working', async () => {
    window.history.replaceState(null, '', '/?company=pandora-s1')
    fakeApi({ 'GET /filings': () => json(filingsReply) })
    renderApp()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Pandora Media, Inc.')
    expect(current()).toHaveTextContent('Pandora Media, Inc.')
    expect(screen.getByRole('button', { name: 'Listener hours' })).toBeInTheDocument()
  })

  test('an unknown ?company= falls back to the default and says so', async () => {
    window.history.replaceState(null, '', '/?company=spacex-s1')
    fakeApi({ 'GET /filings': () => json(filingsReply) })
    renderApp()
    expect(await screen.findByText(/No filing matches “spacex-s1”/)).toHaveTextContent(
      "Showing Facebook, Inc.'s S-1 instead.",
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Facebook')
  })

  test('switching marks the new filing at once and shows an overlay until it is ready', async () => {
    let hold: ReturnType<typeof deferred<Response>> | null = null
    const api = fakeApi({ 'GET /filings': () => (hold ? hold.promise : json(filingsReply)) })
    const { user } = renderApp()
    await screen.findByRole('heading', { level: 1 })

    hold = deferred<Response>()
    await user.click(within(nav()).getByRole('link', { name: /Pandora Media/ }))
    // Optimistic: the switcher already shows Pandora, the URL is shareable, the page says it is opening.
    expect(current()).toHaveTextContent('Pandora Media, Inc.')
    expect(window.location.search).toBe('?company=pandora-s1')
    expect(await screen.findByRole('status')).toHaveTextContent("Opening Pandora Media, Inc.'s S-1…")
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Facebook')

    await act(async () => hold?.resolve(json(filingsReply)))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pandora Media, Inc.'),
    )
    expect(screen.queryByText(/Opening Pandora/)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /pandora/i })).toHaveAttribute(
      'placeholder',
      "Ask about Pandora's S-1, e.g. how many listener hours it streamed",
    )
    // The switch re-read the registry (the new filing's ingest status).
    expect(api.callsTo('GET /filings')).toHaveLength(2)
  })

  test('each filing keeps its own thread, and Back returns to the previous filing', async () => {
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () =>
        sseResponse([{ event: 'done', data: askReply({ answer: 'It grew 88% [p.57].', sources: [] }) }]),
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /What share of revenue came from Zynga/ }))
    expect(await screen.findByText(/It grew 88%/)).toBeInTheDocument()

    await user.click(within(nav()).getByRole('link', { name: /Pandora Media/ }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pandora'))
    expect(screen.queryByText(/It grew 88%/)).not.toBeInTheDocument()

    await act(async () => {
      window.history.back()
    })
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Facebook'))
    expect(screen.getByText('What share of revenue came from Zynga?')).toBeInTheDocument()
    expect(screen.getByText(/It grew 88%/)).toBeInTheDocument()
  })

  test('on phones the list sits behind a menu button that reports its state', async () => {
    fakeApi({ 'GET /filings': () => json(filingsReply) })
    const { user } = renderApp()
    const toggle = await screen.findByRole('button', { name: /Filing Facebook, Inc\. · S-1/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(nav()).toHaveClass('is-open')
    await user.click(within(nav()).getByRole('link', { name: /Pandora Media/ }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
