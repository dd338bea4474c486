import type { FilingInfo } from '@asks1/shared/contract/api'
import type { ChangesReply } from '@asks1/shared/contract/changes'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { facebook, fakeApi, filingsReply, json, renderApp } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

const amended: FilingInfo = {
  ...facebook,
  versions: [
    { ...(facebook.versions[0] as FilingInfo['versions'][number]), live: false },
    { n: 2, form: 'S-1/A', filed: '2012-04-23', stored: 'v2', live: true },
  ],
}

const report: ChangesReply = {
  filing: 'facebook-s1',
  from: amended.versions[0] as ChangesReply['from'],
  to: amended.versions[1] as ChangesReply['to'],
  summary: {
    sectionsAdded: 0,
    sectionsRemoved: 0,
    sectionsRewritten: 1,
    sectionsMoved: 0,
    passages: 1,
    figures: 1,
  },
  figures: [
    {
      term: 'price range',
      context: 'The initial public offering price will be between $28.00 and $35.00 per share.',
      before: '$ and $',
      after: '$28.00 and $35.00',
      path: ['THE OFFERING'],
      from: { pages: ['9'] },
      to: { pages: ['10'] },
    },
  ],
  sections: [
    {
      status: 'rewritten',
      path: ['THE OFFERING'],
      from: { pages: ['9'] },
      to: { pages: ['10'] },
      changes: [
        {
          kind: 'rewritten',
          from: { pages: ['9'], text: 'between $ and $ per share.' },
          to: { pages: ['10'], text: 'between $28.00 and $35.00 per share.' },
          parts: [
            { op: 'equal', text: 'between' },
            { op: 'removed', text: '$' },
            { op: 'added', text: '$28.00' },
            { op: 'equal', text: 'and' },
            { op: 'removed', text: '$' },
            { op: 'added', text: '$35.00' },
            { op: 'equal', text: 'per share.' },
          ],
        },
      ],
    },
  ],
}

describe('What changed', () => {
  test('is offered only for a filing with two stored versions', async () => {
    fakeApi({ 'GET /filings': () => json(filingsReply) })
    renderApp()
    await screen.findByRole('button', { name: 'How it works' })
    expect(screen.queryByRole('button', { name: 'What changed' })).toBeNull()
  })

  test('lists figures and sections, each side one click from its page in its own version', async () => {
    const requested: string[] = []
    fakeApi({
      'GET /filings': () => json({ ...filingsReply, filings: [amended, ...filingsReply.filings.slice(1)] }),
      'GET /filings/facebook-s1/changes': () => json(report),
      'GET /sources': (req) => {
        requested.push(req.url.search)
        return json({
          filing: 'facebook-s1',
          page: '9',
          pdfPages: [11],
          text: 'The initial public offering price will be between $ and $ per share.',
          prev: '8',
          next: '10',
          edgarUrl: facebook.edgarUrl,
          version: 1,
          tables: [],
        })
      },
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: 'What changed' }))
    const dialog = await screen.findByRole('dialog', { name: 'What changed' })
    await waitFor(() => expect(dialog).toHaveTextContent('1 sections rewritten (1 passages)'))
    const figures = within(dialog).getByRole('region', { name: 'Figures that moved' })
    expect(figures).toHaveTextContent('price range $ and $ → $28.00 and $35.00')
    const sections = within(dialog).getByRole('region', { name: 'Sections' })
    expect(sections.querySelector('ins')).toHaveTextContent('$28.00')
    expect(sections.querySelector('del')).toHaveTextContent('$')
    // The old side opens the page of version 1.
    await user.click(within(figures).getByRole('button', { name: 'Page 9 of the S-1 of Feb 1, 2012' }))
    const page = await screen.findByRole('dialog', { name: 'Page 9' })
    await waitFor(() => expect(page).toHaveTextContent('between $ and $ per share'))
    expect(page).toHaveTextContent('S-1 (version 1)')
    // The document routes serve the live version's file only: version 1's page is its text, and says so.
    expect(within(page).getByRole('button', { name: 'Page' })).toBeDisabled()
    expect(within(page).getByRole('button', { name: 'Text' })).toHaveAttribute('aria-pressed', 'true')
    expect(page).toHaveTextContent('the page as printed is shown for the live version only')
    expect(requested).toEqual(['?filing=facebook-s1&page=9&version=1'])
  })
})
