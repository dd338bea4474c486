/**
 * The reader's view in the component: threads kept per filing across a reload (localStorage) and
 * cleared, Copy answer's Markdown, the allowance in words, the first-start ingest progress, the HTML
 * page view, the phone menu, source cards; and the pure pieces behind them.
 */
import type { ReadyReply } from '@asks1/shared/contract/operations'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { sourceCards } from '../src/components/Sources'
import { formatReset, sessionText } from '../src/lib/allowance'
import { answerMarkdown } from '../src/lib/answer-markdown'
import { highlightRegExp } from '../src/lib/highlight'
import { markText } from '../src/lib/mark-dom'
import { matchedSentence, textOnPages } from '../src/lib/matched-sentence'
import { sectionLabel } from '../src/lib/section-label'
import {
  clearThread,
  loadThreads,
  MAX_TURNS_PER_FILING,
  saveThread,
  THREADS_KEY,
} from '../src/lib/thread-store'
import { askReply, facebook, fakeApi, filingsReply, json, renderApp, sseResponse } from './fake-api'

describe('threads that last', () => {
  test('an answered question is restored after a reload, without asking again; Clear forgets it', async () => {
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: askReply() }]),
    })
    const first = renderApp()
    await first.user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    await screen.findAllByRole('button', { name: 'p.56, checked, open the page' })
    await waitFor(() => expect(loadThreads(localStorage)['facebook-s1']).toHaveLength(1))
    first.unmount()

    renderApp()
    const turn = await screen.findByRole('article', {
      name: /Question: What share of revenue came from Zynga/,
    })
    expect(
      within(turn).getAllByRole('button', { name: 'p.56, checked, open the page' }).length,
    ).toBeGreaterThan(0)
    expect(api.callsTo('POST /ask')).toHaveLength(1)

    await act(async () => screen.getByRole('button', { name: 'Clear conversation' }).click())
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /Zynga\?/ })).toBeEnabled()
    expect(loadThreads(localStorage)['facebook-s1']).toBeUndefined()
  })

  test('storage is versioned and bounded, and a damaged record is dropped', () => {
    const reply = askReply()
    const turns = Array.from({ length: MAX_TURNS_PER_FILING + 5 }, (_, i) => ({
      turnId: `t${i}`,
      question: `Question ${i}?`,
      reply,
    }))
    saveThread(localStorage, 'facebook-s1', turns)
    const kept = loadThreads(localStorage)['facebook-s1'] ?? []
    expect(kept).toHaveLength(MAX_TURNS_PER_FILING)
    expect(kept[0]?.turnId).toBe('t5')
    for (let i = 0; i < 12; i++) saveThread(localStorage, `filing-${i}`, turns.slice(0, 1))
    const filings = Object.keys(loadThreads(localStorage))
    expect(filings).toHaveLength(10)
    expect(filings).not.toContain('facebook-s1') // the least recently saved went first
    clearThread(localStorage, 'filing-11')
    expect(Object.keys(loadThreads(localStorage))).not.toContain('filing-11')

    localStorage.setItem(THREADS_KEY, JSON.stringify({ version: 0, filings: { a: turns } }))
    expect(loadThreads(localStorage)).toEqual({})
    localStorage.setItem(THREADS_KEY, '{not json')
    expect(loadThreads(localStorage)).toEqual({})
    localStorage.setItem(
      THREADS_KEY,
      JSON.stringify({ version: 1, filings: { a: [{ turnId: 1 }, turns[0]], b: 'x' } }),
    )
    expect(loadThreads(localStorage)).toEqual({ a: [turns[0]] })
  })
})

describe('Copy answer', () => {
  test('Markdown with the question, the answer, each cited page and its check, and the EDGAR link', () => {
    const md = answerMarkdown('What was revenue?', askReply(), facebook)
    expect(md).toBe(
      [
        '**Question:** What was revenue?',
        '',
        'Revenue was $3,711 million in 2011 (p.56), up 88% from 2010 [p.57].',
        '',
        "**Pages cited** (the filing's printed page numbers): p.56 (checked), p.57 (checked)",
        `**Source:** [Facebook, Inc., S-1 filed ${facebook.filed}, on EDGAR](${facebook.edgarUrl})`,
        '',
      ].join('\n'),
    )
  })
})

describe('the allowance in words', () => {
  const now = new Date('2031-03-01T10:00:00Z')
  test('left, and when it resets; no questions left, and when more come', () => {
    const resetsAt = '2031-03-04T05:06:00.000Z'
    const reset = formatReset(resetsAt, now)
    expect(reset).not.toMatch(/2031/) // the year only when it is not this year's
    expect(sessionText({ used: 3, limit: 8, left: 5, resetsAt }, now)).toBe(
      `5 of 8 questions left · resets ${reset}`,
    )
    expect(sessionText({ used: 8, limit: 8, left: 0, resetsAt }, now)).toBe(
      `No questions left · 8 more on ${reset}`,
    )
    expect(sessionText({ used: 0, limit: 8, left: 8 }, now)).toBe('8 of 8 questions left')
    expect(formatReset('2032-01-02T00:00:00Z', now)).toMatch(/2032/)
  })
})

describe('first-start ingest', () => {
  const ready = (filings: ReadyReply['filings'], phase: ReadyReply['phase'] = 'ingesting'): ReadyReply => ({
    ready: false,
    phase,
    store: { kind: 'sqlite', ok: true },
    state: { kind: 'sqlite', ok: true },
    embedder: { status: 'missing', model: null },
    answers: { mode: 'llm', model: 'claude-haiku-4-5' },
    filings,
  })

  test('shows the stage and percentage from /ready, keeps asking closed, and opens once ready', async () => {
    const notIngested = {
      ...filingsReply,
      filings: [{ ...facebook, status: null }, ...filingsReply.filings.slice(1)],
    }
    let state: ReadyReply = ready([
      { id: 'facebook-s1', state: 'ingesting', chunks: 0, progress: { stage: 'embed', percent: 50 } },
    ])
    let registry = notIngested
    fakeApi({
      'GET /filings': () => json(registry),
      'GET /ready': () => json(state, state.ready ? 200 : 503),
    })
    renderApp()
    expect(await screen.findByText(/Indexing its passages: 50 %/)).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50')
    for (const card of screen.getAllByRole('button', { name: /\?$/ })) expect(card).toBeDisabled()
    expect(screen.getByRole('textbox', { name: /your question/i })).toBeDisabled()
    expect(screen.queryByText(/Enter to send/)).not.toBeInTheDocument()

    state = { ...ready([{ id: 'facebook-s1', state: 'ready', chunks: 600 }], 'ready'), ready: true }
    registry = filingsReply
    // The next /ready read (the app polls while ingesting) finds it ready and re-reads the registry.
    await waitFor(() => expect(screen.getByRole('button', { name: /Zynga\?/ })).toBeEnabled(), {
      timeout: 10_000,
    })
    expect(screen.getByRole('textbox', { name: /your question/i })).toBeEnabled()
  })
})

describe('the page as printed (EDGAR HTML)', () => {
  test('the page toggle shows the server-sanitised page with its table, quotes and figures marked', async () => {
    const html =
      '<p>Revenue was <b>$3,711 million</b> in 2011.</p><table><tr><td>Revenue</td><td>$</td><td>3,711</td></tr></table>'
    const api = fakeApi({
      'GET /filings': () => json(filingsReply),
      'POST /ask': () => sseResponse([{ event: 'done', data: askReply() }]),
      'GET /sources': () =>
        json({
          filing: 'facebook-s1',
          page: '56',
          pdfPages: [],
          text: 'Revenue was $3,711 million in 2011.',
          prev: '55',
          next: '57',
          edgarUrl: facebook.edgarUrl,
        }),
      'GET /filings/facebook-s1/document/pages/56': () =>
        json({ filing: 'facebook-s1', page: '56', format: 'html', html }),
    })
    const { user } = renderApp()
    await user.click(await screen.findByRole('button', { name: /Zynga\?/ }))
    await user.click(
      (await screen.findAllByRole('button', { name: 'p.56, checked, open the page' }))[0] as HTMLElement,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Page 56' })
    await waitFor(() => expect(dialog.querySelector('.html-page table')).not.toBeNull())
    expect(within(dialog).getByRole('button', { name: 'Page', pressed: true })).toBeInTheDocument()
    expect([...dialog.querySelectorAll('.html-page mark')].map((m) => m.textContent)).toEqual([
      '$3,711 million',
    ])
    expect(api.callsTo('GET /filings/facebook-s1/document/pages/56')).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Text' }))
    expect(within(dialog).getByRole('button', { name: 'Text', pressed: true })).toBeInTheDocument()
    await waitFor(() =>
      expect([...dialog.querySelectorAll('.page-text mark')].map((m) => m.textContent)).toEqual([
        '$3,711 million',
      ]),
    )
    expect(dialog.querySelector('.html-page')).toBeNull()
  })

  test('marks run across elements (a dollar sign and its number in two cells)', () => {
    const root = document.createElement('div')
    root.innerHTML = '<table><tr><td>Revenue $ </td><td>3,711</td></tr></table><p>Fell 12.0% after.</p>'
    expect(markText(root, highlightRegExp(['$3,711', '12.0%']) as RegExp)).toBe(2)
    expect([...root.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['$ ', '3,711', '12.0%'])
    expect(root.textContent).toBe('Revenue $ 3,711Fell 12.0% after.')
  })
})

describe('the phone filing menu', () => {
  test('closes on Escape (focus back on its button) and on a tap outside, which goes no further', async () => {
    const api = fakeApi({ 'GET /filings': () => json(filingsReply) })
    const { user } = renderApp()
    const toggle = await screen.findByRole('button', { name: /^Filing/ })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
    await user.click(toggle)
    await user.click(screen.getByTestId('menu-backdrop'))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByTestId('menu-backdrop')).not.toBeInTheDocument()
    expect(api.callsTo('POST /ask')).toHaveLength(0)
  })
})

describe('source cards', () => {
  test('each page on one card only; the matched sentence, not the passage start', () => {
    const reply = askReply({
      answer: 'Revenue was $3,711 million in 2011 [p.56].',
      citations: [
        {
          page: '56',
          exists: true,
          verified: true,
          figures: ['$3,711 million'],
          missing: [],
          checks: [{ figure: '$3,711 million', found: true }],
        },
      ],
    })
    const a = { ...(reply.sources[0] as (typeof reply.sources)[number]), citedPages: ['56'] }
    const b = { ...a, chunkId: 'c9', citedPages: ['56'] }
    expect(sourceCards([a, b], true, reply).map((c) => [c.source.chunkId, c.pages])).toEqual([['c1', ['56']]])
    // Of two passages on p.56, the one holding the cited figure keeps the page, whatever its rank.
    const weak = { ...a, chunkId: 'c0', text: '[p.56] Our users grew in every region.' }
    expect(sourceCards([weak, a], true, reply).map((c) => c.source.chunkId)).toEqual(['c1'])
    const text =
      '[p.55] Overview of the year. [p.56] Our users grew. Revenue was $3,711 million in 2011. We hired.'
    expect(textOnPages(text, ['56'])).toBe('Our users grew. Revenue was $3,711 million in 2011. We hired.')
    expect(matchedSentence({ ...a, text }, reply, ['56'])).toBe('Revenue was $3,711 million in 2011.')
  })

  test('navigation headings never label a passage', () => {
    expect(sectionLabel('INDEX TO FINANCIAL STATEMENTS')).toBeNull()
    expect(sectionLabel('Table of Contents')).toBeNull()
    expect(sectionLabel('RISK FACTORS')).toBe('Risk Factors')
    expect(sectionLabel(null)).toBeNull()
  })
})
