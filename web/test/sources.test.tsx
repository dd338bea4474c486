import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { displaySection } from '../src/lib/section-label'
import { askReply, fakeApi, filingsReply, json, renderApp, source, sseResponse } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

async function answerWith(reply: ReturnType<typeof askReply>) {
  fakeApi({
    'GET /filings': () => json(filingsReply),
    'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
  })
  const view = renderApp()
  await view.user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
  await waitFor(() =>
    expect(document.querySelector('.answer__text')).toHaveTextContent(reply.answer.slice(0, 12)),
  )
  await waitFor(() => expect(document.querySelector('.answer')).toHaveAttribute('aria-busy', 'false'))
  return view
}

describe('sources under an answer', () => {
  test('lists exactly the sources the API returned, each with only its cited pages', async () => {
    const { user } = await answerWith(
      askReply({
        answer: 'Revenue was $3,711 million (p.56), up 88% [p.57].',
        sources: [
          source(
            'c1',
            ['55', '56'],
            ['56'],
            '[p.55] Overview of the year. [p.56] Revenue was $3,711 million in 2011.',
          ),
          source('c2', ['57', '58'], ['57'], '[p.57] Revenue grew 88% compared with 2010. [p.58] Costs.'),
        ],
      }),
    )
    const sources = screen.getByRole('region', { name: 'Sources' })
    expect(sources).toHaveTextContent('Sources · 2 cited pages')
    const items = within(sources).getAllByRole('listitem')
    expect(items.map((li) => li.getAttribute('data-chunk'))).toEqual(['c1', 'c2'])
    // Only the cited page of each chunk is shown, not every page it covers.
    expect(
      within(items[0] as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['p.56'])
    expect(
      within(items[1] as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['p.57'])
    // The passage is readable without page tags, collapsed until asked for.
    const details = (items[0] as HTMLElement).querySelector('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    await user.click(details.querySelector('summary') as HTMLElement)
    expect(details.open).toBe(true)
    expect(details).toHaveTextContent('Overview of the year. Revenue was $3,711 million in 2011.')
    expect(details.textContent).not.toContain('[p.')
  })

  test('when the answer cites no page, the passages searched are shown with all their pages, and said so', async () => {
    await answerWith(
      askReply({
        answer: 'The filing does not say how many employees Zynga has.',
        citations: [],
        sources: [source('c9', ['80', '81'], [], '[p.80] Zynga accounted for 12% of revenue. [p.81] More.')],
      }),
    )
    const searched = screen.getByRole('region', { name: 'Passages searched' })
    expect(searched).toHaveTextContent('the answer cites no page')
    expect(
      within(searched)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['p.80', 'p.81'])
    expect(screen.queryByRole('region', { name: 'Sources' })).not.toBeInTheDocument()
  })

  test('no sources at all shows no empty section', async () => {
    await answerWith(
      askReply({ answer: 'Nothing relevant was found in this filing.', citations: [], sources: [] }),
    )
    expect(screen.queryByRole('region', { name: /Sources|Passages searched/ })).not.toBeInTheDocument()
  })
})

test('section headings set in capitals are shown in title case', () => {
  expect(displaySection('RISK FACTORS')).toBe('Risk Factors')
  expect(displaySection('USE OF PROCEEDS')).toBe('Use of Proceeds')
  expect(displaySection('Management’s Discussion and Analysis')).toBe('Management’s Discussion and Analysis')
})
