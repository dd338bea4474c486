import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { answerMarkdown } from '../src/lib/answer-markdown'
import {
  citationMatch,
  citationStatus,
  citationSummary,
  computedOf,
  otherLineItemsOf,
  statusSentence,
} from '../src/lib/citation-status'
import {
  askReply,
  citation,
  facebook,
  fakeApi,
  filingsReply,
  json,
  pageReply,
  renderApp,
  sseResponse,
} from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

const strong = { level: 'strong' as const, score: 0.8 }

/** Facebook p.F-3 cited for total assets of two years and the growth the answer computed from them. */
const computedCitation = () =>
  citation('F-3', {
    figures: ['$2,990 million', '$6,331 million', '$3.3 billion'],
    missing: ['$3.3 billion'],
    verified: false,
    checks: [
      { figure: '$2,990 million', found: true, status: 'printed', printedAs: ['$ 2,990'] },
      { figure: '$6,331 million', found: true, status: 'printed', printedAs: ['$ 6,331', '6,331'] },
      {
        figure: '$3.3 billion',
        found: false,
        status: 'computed',
        derivation: '$6,331 million − $2,990 million',
      },
    ],
  })
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
  test('a computed figure is said to be computed, never found nor "not found", and the parts add up', () => {
    const c = computedCitation()
    expect(citationStatus([c])).toBe('computed')
    expect(citationSummary([c], false)).toBe('1 citation · 1 figure computed from figures printed on p.F-3')
    expect(citationSummary([citation('5'), citation('6'), c], true)).toBe(
      '3 citations · 2 quotes found on their pages · 1 figure computed from figures printed on p.F-3',
    )
    const notFound = citation('F-4', { figures: ['$9 million'], missing: ['$9 million'], verified: false })
    expect(citationSummary([citation('5'), c, notFound], true)).toBe(
      '3 citations · 1 of 3 quotes found on their pages · 1 figure not found on p.F-4 · 1 figure computed from figures printed on p.F-3',
    )
    // Copied as Markdown, the page says the same.
    const md = answerMarkdown('Q?', askReply({ answer: 'A [p.F-3].', citations: [c], sources: [] }), facebook)
    expect(md).toContain('p.F-3 (a figure computed from figures printed there)')
    const computed = computedOf([c])
    expect(computed).toEqual([{ figure: '$3.3 billion', derivation: '$6,331 million − $2,990 million' }])
    expect(statusSentence('computed', 'F-3', c.missing, c.figures, computed)).toBe(
      'Computed: $3.3 billion = $6,331 million − $2,990 million: not printed on page F-3, computed by the answer from figures printed there. The other figures are printed on it (highlighted): check the arithmetic.',
    )
    // Beside a figure not found at all, the citation is not verified, and both are said.
    const mixed = { ...c, missing: ['$9 million', ...c.missing] }
    mixed.checks = [...c.checks, { figure: '$9 million', found: false, status: 'not-found' }]
    expect(citationStatus([mixed])).toBe('unverified')
    const both = statusSentence('unverified', 'F-3', mixed.missing, [], computed)
    expect(both).toMatch(/^Not verified: \$9 million was not found on page F-3\. \$3\.3 billion = /)
  })
  test('a figure printed as another line item says which row the page prints it in', () => {
    const c = citation('F-4', {
      verified: false,
      figures: ['$1,000 million'],
      missing: ['$1,000 million'],
      checks: [
        {
          figure: '$1,000 million',
          found: false,
          status: 'other-line-item',
          lineItem: { printedIn: 'Net income', named: 'Revenue' },
        },
      ],
    })
    expect(citationStatus([c])).toBe('unverified')
    const others = otherLineItemsOf([c])
    expect(others).toEqual([{ figure: '$1,000 million', printedIn: 'Net income', named: 'Revenue' }])
    expect(statusSentence('unverified', 'F-4', c.missing, c.figures, [], others)).toBe(
      'Not verified: $1,000 million is printed on page F-4 as “Net income”, not as “Revenue”. Read the page to judge for yourself.',
    )
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

  test('a computed figure: its own chip, in the key, and the page says how, marking what the check found', async () => {
    const reply = askReply({
      answer:
        'Total assets grew from $2,990 million to $6,331 million, about $3.3 billion more [p.F-3]. Revenue was $3,711 million [p.50].',
      citations: [computedCitation(), citation('50', { figures: ['$3,711 million'] })],
      sources: [],
    })
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
      'GET /sources': ({ url }) => {
        const page = url.searchParams.get('page') as string
        return json(
          pageReply(page, 'CONSOLIDATED BALANCE SHEETS (In millions)\nTotal assets $ 2,990 $ 6,331', {
            tables: [
              {
                page,
                title: 'Consolidated balance sheets',
                units: { label: 'millions', scale: 1e6, exceptPerShare: false, exceptShares: false },
                columns: [
                  { label: '2010', period: 'December 31, 2010' },
                  { label: '2011', period: 'December 31, 2011' },
                ],
                rows: [
                  {
                    label: 'Cash',
                    page,
                    cells: [
                      { text: '$1,785', value: 1_785e6 },
                      { text: '$1,512', value: 1_512e6 },
                    ],
                  },
                  {
                    label: 'Total assets',
                    page,
                    cells: [
                      { text: '$2,990', value: 2_990e6 },
                      { text: '$6,331', value: 6_331e6 },
                    ],
                  },
                ],
                continued: false,
              },
            ],
          }),
        )
      },
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    const chip = await screen.findByRole('button', {
      name: 'p.F-3, a figure computed from figures on the page, open the page',
    })
    // Neither green nor amber: its own state, said in words.
    expect(chip).toHaveClass('cite--computed')
    expect(chip).not.toHaveClass('cite--verified')
    expect(chip).not.toHaveClass('cite--unverified')
    expect(screen.getByTestId('citation-summary')).toHaveTextContent(
      '2 citations · 1 citation found on its page · 1 figure computed from figures printed on p.F-3',
    )
    const entry = screen.getByText(/computed from figures that are/)
    expect(entry.closest('dl')).toHaveAttribute('aria-label', 'Key to the page chips')
    expect(entry).toBeVisible()
    expect(entry.previousElementSibling?.querySelector('.cite--computed')).toBeTruthy()

    await user.click(chip)
    const dialog = await screen.findByRole('dialog', { name: 'Page F-3' })
    expect(
      within(dialog).getByText(/^Computed: \$3\.3 billion = \$6,331 million − \$2,990 million/),
    ).toHaveClass('check--computed')
    await user.click(within(dialog).getByRole('button', { name: 'Text' }))
    const table = await within(dialog).findByRole('table', { name: /Consolidated balance sheets/ })
    // The cells the check matched are marked, with their row; the computed figure marks nothing.
    expect([...table.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['$2,990', '$6,331'])
    expect([...table.querySelectorAll('.page-table__row--cited th')].map((h) => h.textContent)).toEqual([
      'Total assets',
    ])
    const text = dialog.querySelector('.page-text') as HTMLElement
    expect([...text.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['$ 2,990', '$ 6,331'])
    expect(within(dialog).getByText('(printed on the page as $ 2,990, $ 6,331)')).toBeInTheDocument()
  })

  test('an abstention lists the closest passages, each opening its page, and says it was not counted', async () => {
    const reply = askReply({
      mode: 'extractive',
      answer:
        'The filing does not appear to say: no passage matches the question closely enough to quote as an answer.\n\nSearched for “favourite”, “food”.',
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
