import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { citationMatch, citationSummary, computedOf, statusSentence } from '../src/lib/citation-status'
import { askReply, citation, fakeApi, filingsReply, json, renderApp, sseResponse } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

const strong = { level: 'strong' as const, score: 0.8 }
const weak = { level: 'weak' as const, score: 0.05 }

describe('citation summary and match (pure)', () => {
  test('one line: citations, found on their pages, figures not found, weak matches', () => {
    expect(
      citationSummary(
        [
          citation('12', { relevance: strong }),
          citation('13', { relevance: strong }),
          citation('F-4', {
            figures: ['$9,999 million'],
            missing: ['$9,999 million'],
            verified: false,
            relevance: weak,
          }),
        ],
        true,
      ),
    ).toBe(
      '3 citations · 2 of 3 quotes found on their pages · 1 figure not found on p.F-4 · 1 weak match to the question',
    )
    expect(citationSummary([citation('5'), citation('6'), citation('7')], true)).toBe(
      '3 citations · 3 quotes found on their pages',
    )
    expect(citationSummary([citation('9', { exists: false, verified: false })], false)).toBe(
      '1 citation · 0 of 1 citation found on its page · 1 page not in the filing (p.9)',
    )
    expect(citationSummary([], true)).toBe('')
  })
  test('a computed figure is said to be computed, never found or printed', () => {
    const c = citation('F-3', {
      figures: ['$2,990 million', '$6,331 million', '$3.3 billion'],
      missing: ['$3.3 billion'],
      verified: false,
      checks: [
        { figure: '$2,990 million', found: true, status: 'printed' },
        { figure: '$6,331 million', found: true, status: 'printed' },
        {
          figure: '$3.3 billion',
          found: false,
          status: 'computed',
          derivation: '$6,331 million − $2,990 million',
        },
      ],
    })
    expect(citationSummary([c], false)).toBe(
      '1 citation · 0 of 1 citation found on its page · 1 figure computed, not printed, on p.F-3',
    )
    const computed = computedOf([c])
    expect(computed).toEqual([{ figure: '$3.3 billion', derivation: '$6,331 million − $2,990 million' }])
    expect(statusSentence('unverified', 'F-3', c.missing, c.figures, computed)).toBe(
      'Not verified as printed: $3.3 billion ($6,331 million − $2,990 million) is not printed on page F-3: the answer computed it from figures printed there. Check the arithmetic on the page.',
    )
    // Beside a figure not found at all, both are said.
    const both = statusSentence('unverified', 'F-3', ['$9 million', '$3.3 billion'], [], computed)
    expect(both).toMatch(/^Not verified: \$9 million was not found on page F-3\. \$3\.3 billion \(/)
  })
  test('a page cited twice takes its best match; no relevance is unknown', () => {
    expect(citationMatch([citation('1', { relevance: weak }), citation('1', { relevance: strong })])).toBe(
      'strong',
    )
    expect(citationMatch([citation('1')])).toBe('unknown')
  })
})

describe('badges in the chat', () => {
  test('a quote on its page that barely matches the question is not green, and the key is visible', async () => {
    const reply = askReply({
      mode: 'extractive',
      answer:
        'From the filing:\n\n- “Revenue was $3,711 million in 2011.” [p.56]\n- “Our offices are in Menlo Park.” [p.57]',
      citations: [citation('56', { relevance: strong }), citation('57', { relevance: weak })],
      sources: [],
    })
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    const good = await screen.findByRole('button', {
      name: 'p.56, checked, matches the question, open the page',
    })
    const off = screen.getByRole('button', {
      name: 'p.57, checked, barely matches the question, open the page',
    })
    expect(good).toHaveClass('cite--verified', 'cite--match-strong')
    expect(off).toHaveClass('cite--match-weak')
    expect(off.querySelectorAll('.cite__match i.on')).toHaveLength(1)
    expect(screen.getByTestId('citation-summary')).toHaveTextContent(
      '2 citations · 2 quotes found on their pages · 1 weak match to the question',
    )
    const key = screen.getByText('no such page').closest('dl') as HTMLElement
    expect(key).toHaveAttribute('aria-label', 'Key to the page chips')
    expect(key).toBeVisible()
    expect(within(key).getByText('quoted text and figures found on that page')).toBeVisible()
    expect(within(key).getByText(/how well the passage matches the question/)).toBeVisible()
  })

  test('an abstention lists the closest passages, each opening its page, and says it was not counted', async () => {
    const reply = askReply({
      mode: 'extractive',
      answer:
        'The filing does not appear to say: no passage matches the question closely enough to quote as an answer.\nSearched for “favourite”, “food”.',
      citations: [],
      sources: [],
      session: { used: 4, limit: 8, left: 4 },
      abstention: {
        reason: 'weak-match',
        searched: { terms: ['favourite', 'food'], periods: [], sections: ['Business'] },
        closest: [{ pages: ['88'], section: 'Business', text: 'Our cafeterias serve food to employees.' }],
      },
    })
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    const closest = await screen.findByRole('region', { name: 'Closest passages' })
    expect(within(closest).getByText(/Not counted against your session/)).toBeInTheDocument()
    expect(within(closest).getByText('“Our cafeterias serve food to employees.”')).toBeInTheDocument()
    expect(within(closest).getByRole('button', { name: 'p.88, open the page' })).toBeInTheDocument()
    expect(screen.queryByTestId('citation-summary')).not.toBeInTheDocument()
  })
})
