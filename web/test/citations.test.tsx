import { render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { AnswerText } from '../src/components/AnswerText'
import { parseAnswer, parseInline, quotesForPage } from '../src/lib/answer-parts'
import { citationStatus } from '../src/lib/citation-status'
import { highlightFigures, quotesIn } from '../src/lib/highlight'
import {
  askReply,
  citation,
  errorReply,
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

describe('answer text → citation chips (pure)', () => {
  test('p.154 and p.F-16 become chips; p.15 is never found inside p.154', () => {
    expect(parseInline('Revenue rose (p.154); see p.F-16 and p.15.')).toEqual([
      { kind: 'text', text: 'Revenue rose ' },
      { kind: 'cite', pages: ['154'] },
      { kind: 'text', text: '; see ' },
      { kind: 'cite', pages: ['F-16'] },
      { kind: 'text', text: ' and ' },
      { kind: 'cite', pages: ['15'] },
      { kind: 'text', text: '.' },
    ])
  })

  test('brackets around a run of chips go; a range is one citation of every page; **bold** is kept', () => {
    expect(parseInline('**88%** growth [pp. 40, 42] and (pp. 12–14)')).toEqual([
      { kind: 'strong', text: '88%' },
      { kind: 'text', text: ' growth ' },
      { kind: 'cite', pages: ['40'] },
      { kind: 'text', text: ', ' },
      { kind: 'cite', pages: ['42'] },
      { kind: 'text', text: ' and ' },
      { kind: 'cite', pages: ['12', '13', '14'] },
    ])
  })

  test('ranges: hyphen or dash, prefixed pages, two pages; a range too long to expand keeps its ends', () => {
    expect(parseInline('See pages F-4-F-6.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'cite', pages: ['F-4', 'F-5', 'F-6'] },
      { kind: 'text', text: '.' },
    ])
    expect(parseInline('(pp. 9 — 10)')).toEqual([{ kind: 'cite', pages: ['9', '10'] }])
    // Every sequence the contract's page labels know: Part III and annex pages are one chip each.
    expect(parseInline('see p.III-5 and pp. A-1–A-2')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'cite', pages: ['III-5'] },
      { kind: 'text', text: ' and ' },
      { kind: 'cite', pages: ['A-1', 'A-2'] },
    ])
    // findCitations expands at most 20 pages: the ends stay chips, the dash stays text.
    expect(parseInline('pp. 12–40')).toEqual([
      { kind: 'cite', pages: ['12'] },
      { kind: 'text', text: '–' },
      { kind: 'cite', pages: ['40'] },
    ])
    expect(quotesForPage('“Listener hours grew.” (pp. 12–14)', '13')).toEqual(['Listener hours grew.'])
  })

  test('paragraphs, bullet and numbered lists', () => {
    const blocks = parseAnswer('Intro line\ncontinues.\n\n- one [p.1]\n- two\n\n1. first\n2) second')
    expect(blocks.map((b) => b.kind)).toEqual(['p', 'ul', 'ol'])
    expect(blocks[0]).toEqual({ kind: 'p', inlines: [{ kind: 'text', text: 'Intro line continues.' }] })
    expect(blocks[1]?.kind === 'ul' && blocks[1].items).toHaveLength(2)
  })

  // The server's answer from a table of names (server/src/answer/name-lists.ts): a lead line, then
  // one indented line per row.
  const LIST_ANSWER = [
    'From the filing:',
    '',
    '- The underwriters, as the table under “UNDERWRITING” names them [p.196]:',
    '  - J.P. Morgan Securities LLC — Number of shares: 2,796,200 [p.196]',
    '  - Leerink Partners LLC — Number of shares: 1,977,800 [p.196]',
    '- “We have entered into an underwriting agreement with the underwriters.” [p.196]',
  ].join('\n')

  test('an indented bullet is a row of the list item above it', () => {
    const list = parseAnswer(LIST_ANSWER)[1]
    if (list?.kind !== 'ul') throw new Error('expected a bullet list')
    expect(list.items).toHaveLength(2)
    expect(list.items[0]?.sub).toHaveLength(2)
    expect(list.items[0]?.sub[1]).toEqual([
      { kind: 'text', text: 'Leerink Partners LLC — Number of shares: 1,977,800 ' },
      { kind: 'cite', pages: ['196'] },
    ])
    expect(list.items[1]?.sub).toEqual([])
  })

  test('a table’s rows render one per line under their lead line, each with its chip', () => {
    render(<AnswerText text={LIST_ANSWER} reply={null} onOpen={() => {}} />)
    const [lead, quote] = document.querySelectorAll('.answer__text > ul > li')
    const rows = (lead as HTMLElement).querySelectorAll('ul.answer__rows > li')
    expect([...rows].map((r) => r.textContent)).toEqual([
      'J.P. Morgan Securities LLC — Number of shares: 2,796,200 p.196',
      'Leerink Partners LLC — Number of shares: 1,977,800 p.196',
    ])
    expect(within(rows[0] as HTMLElement).getByRole('button')).toHaveTextContent('p.196')
    expect(quote).toHaveTextContent('We have entered into an underwriting agreement')
  })

  test('citation status from the reply', () => {
    expect(citationStatus(null)).toBe('pending')
    expect(citationStatus([citation('1')])).toBe('verified')
    expect(citationStatus([citation('1'), citation('1', { verified: false, missing: ['$9'] })])).toBe(
      'unverified',
    )
    expect(citationStatus([citation('1', { exists: false, verified: false })])).toBe('missing')
  })

  test('quoted passages supporting a page', () => {
    const answer =
      '- “The more listener hours we stream, the more ad inventory.” [p.13]\n- “Other text here, long enough.” [p.45]'
    expect(quotesForPage(answer, '13')).toEqual(['The more listener hours we stream, the more ad inventory.'])
    expect(quotesIn('“first part of it … second part of it”')).toEqual([
      'first part of it',
      'second part of it',
    ])
  })
})

describe('highlighting (pure, no DOM mutation)', () => {
  const marked = (text: string, figures: string[], quotes: string[] = []) =>
    highlightFigures(text, figures, quotes)
      .filter((s) => s.mark)
      .map((s) => s.text)

  test('figures as filings typeset them, boundary-safe', () => {
    expect(
      marked('Revenue was $ 3,711 million, up 88 % (27,474) from 1,193,200.', [
        '$3,711 million',
        '88%',
        '(27,474)',
        '3,200',
      ]),
    ).toEqual(['$ 3,711 million', '88 %', '27,474'])
    expect(marked('112.05 and 12.0', ['12.0'])).toEqual(['12.0'])
  })

  test('a quoted passage across line breaks; text without matches stays whole', () => {
    expect(
      marked('Listener hours\n(in billions) 1.0 2.1', [], ['Listener hours (in billions) 1.0 2.1']),
    ).toEqual(['Listener hours\n(in billions) 1.0 2.1'])
    expect(highlightFigures('nothing here', ['$5'])).toEqual([{ text: 'nothing here', mark: false }])
  })
})

describe('citation chips in the app', () => {
  const answer =
    'Revenue was $3,711 million in 2011 (p.56), up 88% [p.57]. Zynga was 12% [p.F-16]; see also p.154.'
  const reply = askReply({
    answer,
    citations: [
      citation('56', { figures: ['$3,711 million'] }),
      citation('57', { verified: false, figures: ['88%'], missing: ['88%'] }),
      citation('F-16', { exists: false, verified: false }),
      citation('154'),
    ],
    sources: [],
  })

  async function ask() {
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
      'GET /sources': ({ url }) => {
        const page = url.searchParams.get('page') as string
        if (page === 'F-16')
          return json(errorReply(404, 'No page F-16 in this filing.', { code: 'PAGE_NOT_FOUND' }), 404)
        if (page === '56')
          return json(
            pageReply(
              '56',
              'Results of operations.\nRevenue was $ 3,711 million in 2011, compared with $1,974 million.',
              {
                pdfPages: [63],
              },
            ),
          )
        return json(pageReply(page, `Text of printed page ${page}.`, { pdfPages: [Number(page) + 7] }))
      },
    })
    const view = renderApp()
    await view.user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    await screen.findByText(/Revenue was \$3,711 million/)
    return { ...view, api }
  }

  test('each page citation is a chip showing how its check went', async () => {
    await ask()
    const answerText = document.querySelector('.answer__text') as HTMLElement
    const chips = within(answerText).getAllByRole('button')
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'p.56, checked, open the page',
      'p.57, not verified, open the page',
      'p.F-16, page not found, open the page',
      'p.154, checked, open the page',
    ])
    expect(chips.map((c) => c.textContent)).toEqual(['p.56', 'p.57', 'p.F-16', 'p.154'])
    expect(answerText).toHaveTextContent('Revenue was $3,711 million in 2011 p.56, up 88% p.57.')
  })

  test('a chip opens its printed page with the cited figures highlighted, PDF page, prev/next and EDGAR', async () => {
    const { user, api } = await ask()
    await user.click(screen.getByRole('button', { name: 'p.56, checked, open the page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Page 56' })
    expect(within(dialog).getByRole('button', { name: 'Close page' })).toHaveFocus()
    // The extracted text (the page as printed needs pdf.js and a canvas: the e2e tests show it).
    await user.click(within(dialog).getByRole('button', { name: 'Text' }))
    expect(api.callsTo('GET /sources')[0]?.url.search).toBe('?filing=facebook-s1&page=56')
    await within(dialog).findByText('PDF page 63')
    expect(within(dialog).getByText(/Checked: page 56 is in the filing/)).toBeInTheDocument()
    const marks = [...dialog.querySelectorAll('.page-text mark')].map((m) => m.textContent)
    expect(marks).toEqual(['$ 3,711 million'])
    expect(within(dialog).getByRole('link', { name: /Open the filing on EDGAR/ })).toHaveAttribute(
      'href',
      filingsReply.filings[0]?.edgarUrl,
    )

    // Next page: its own text, no highlights, no check line (it is not the cited page).
    await user.click(within(dialog).getByRole('button', { name: 'p.57 →' }))
    await within(dialog).findByText('Text of printed page 57.')
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Page 57')
    expect(dialog.querySelectorAll('.page-text mark')).toHaveLength(0)
    expect(within(dialog).queryByText(/Checked:/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close page' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  test('an unverified citation says which figures were not found', async () => {
    const { user } = await ask()
    await user.click(screen.getByRole('button', { name: 'p.57, not verified, open the page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Page 57' })
    expect(within(dialog).getByText(/Not verified: 88% was not found on page 57/)).toBeInTheDocument()
  })

  test('a cited page that does not exist says so in plain words', async () => {
    const { user } = await ask()
    await user.click(screen.getByRole('button', { name: 'p.F-16, page not found, open the page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Page F-16' })
    expect(within(dialog).getByText(/Page F-16 does not exist in this filing/)).toBeInTheDocument()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Page F-16 is not in this filing')
  })
})

describe('a cited range in the app', () => {
  test('pp. 12–14 shows a chip for each of pages 12, 13 and 14, and each opens its own page', async () => {
    const reply = askReply({
      answer: 'Listener hours grew to 3.8 billion (pp. 12–14). Ads sold out [p.20].',
      citations: [
        citation('12', { figures: ['3.8 billion'] }),
        citation('13', { figures: ['3.8 billion'] }),
        citation('14', { verified: false, figures: ['3.8 billion'], missing: ['3.8 billion'] }),
        citation('20'),
      ],
      sources: [],
    })
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
      'GET /sources': ({ url }) => {
        const page = url.searchParams.get('page') as string
        return json(pageReply(page, `Text of printed page ${page}.`))
      },
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    await screen.findByText(/Listener hours grew/)
    const answerText = document.querySelector('.answer__text') as HTMLElement
    const chips = within(answerText).getAllByRole('button')
    expect(chips.map((c) => c.textContent)).toEqual(['p.12', 'p.13', 'p.14', 'p.20'])
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'p.12, checked, open the page',
      'p.13, checked, open the page',
      'p.14, not verified, open the page',
      'p.20, checked, open the page',
    ])
    expect(answerText).toHaveTextContent(
      'Listener hours grew to 3.8 billion p.12 p.13 p.14. Ads sold out p.20.',
    )

    await user.click(screen.getByRole('button', { name: 'p.13, checked, open the page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Page 13' })
    await user.click(within(dialog).getByRole('button', { name: 'Text' }))
    await within(dialog).findByText('Text of printed page 13.')
    expect(api.callsTo('GET /sources').at(-1)?.url.search).toBe('?filing=facebook-s1&page=13')
    await user.click(within(dialog).getByRole('button', { name: 'Close page' }))
    await user.click(screen.getByRole('button', { name: 'p.14, not verified, open the page' }))
    const other = await screen.findByRole('dialog', { name: 'Page 14' })
    expect(within(other).getByText(/Not verified: 3.8 billion was not found on page 14/)).toBeInTheDocument()
  })
})

describe('quoted passages on the cited page', () => {
  test('an excerpt quoted in the answer is highlighted on its page, and a missing one is reported', async () => {
    const reply = askReply({
      mode: 'extractive',
      answer:
        'Excerpts:\n\n- “The more listener hours we stream, the more ad inventory we have to sell.” [p.13]\n- “A sentence that is not on that page at all.” [p.14]',
      citations: [citation('13'), citation('14')],
      sources: [],
    })
    fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: reply }]),
      'GET /sources': ({ url }) => {
        const page = url.searchParams.get('page') as string
        return json(
          pageReply(
            page,
            'Advertising.\nThe more listener hours we stream, the more ad\ninventory we have to sell. Next.',
          ),
        )
      },
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    await user.click(await screen.findByRole('button', { name: 'p.13, checked, open the page' }))
    const dialog = await screen.findByRole('dialog', { name: 'Page 13' })
    await user.click(within(dialog).getByRole('button', { name: 'Text' }))
    expect(await within(dialog).findByText('The quoted passage is highlighted below.')).toBeInTheDocument()
    expect([...dialog.querySelectorAll('.page-text mark')].map((m) => m.textContent)).toEqual([
      'The more listener hours we stream, the more ad\ninventory we have to sell.',
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Close page' }))
    await user.click(screen.getByRole('button', { name: 'p.14, checked, open the page' }))
    const other = await screen.findByRole('dialog', { name: 'Page 14' })
    expect(
      await within(other).findByText('The quoted passage was not found word for word on this page.'),
    ).toBeInTheDocument()
  })
})
