import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { SearchHit } from '@asks1/shared/store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../src/answer/extractive'
import { analyzeQuestion } from '../src/answer/question'
import { asksMarketPrice, saysNoMarketYet } from '../src/answer/untraded'
import { buildTestApp, chunksOf, makeEnv, seedFiling, type TestEnv } from './helper'

const page = (label: string, text: string): PageRecord => ({ label, pdfPages: [], matter: 'body', text })
const hitsOf = (pages: PageRecord[]): SearchHit[] =>
  chunksOf('acme-s1', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))
const company = 'Acme Rockets, Inc.'

describe('a market price of shares with no market yet (untraded.ts)', () => {
  it('reads the prices only trading sets, not the offering price', () => {
    expect(asksMarketPrice("What was Acme's closing share price on its first day of trading?")).toBe(true)
    expect(asksMarketPrice('What is the market price of Acme stock?')).toBe(true)
    expect(asksMarketPrice('What were the high and low sales prices of the shares?')).toBe(true)
    expect(asksMarketPrice('What is the initial public offering price per share?')).toBe(false)
    expect(asksMarketPrice('How much will one Acme share cost in the IPO?')).toBe(false)
  })

  it('is one of the form’s answers, read once with the question', () => {
    expect(
      analyzeQuestion("What was Acme's closing share price on its first day of trading?", company).formAnswer,
    ).toBe('market-price')
    expect(
      analyzeQuestion('What is the initial public offering price per share?', company).formAnswer,
    ).not.toBe('market-price')
  })

  it('reads the statement in the present, not an annual report’s past', () => {
    expect(
      saysNoMarketYet(
        'This is our initial public offering and no public market currently exists for our shares.',
      ),
    ).toBe(true)
    expect(
      saysNoMarketYet('Prior to this offering, there has been no public market for our common stock.'),
    ).toBe(true)
    expect(
      saysNoMarketYet(
        'Prior to our initial public offering, there had been no public market for our shares.',
      ),
    ).toBe(false)
    expect(
      saysNoMarketYet('Prior to that date, there was no public trading market for our common stock.'),
    ).toBe(false)
  })

  const RISK = page(
    '31',
    'Sales of our shares after this offering could cause the trading price of our common stock to decline. Based on 12,685,119 shares outstanding, we will have 19,505,119 shares after the closing of this offering at $11.00 per share.',
  )
  const NO_MARKET = page('1', 'Prior to this offering, there has been no public market for our common stock.')

  it('says a prospectus cannot know the price trading sets, showing where it says no market exists', () => {
    const r = extractiveAnswer(
      "What was Acme's closing share price on its first day of trading?",
      hitsOf([RISK, NO_MARKET]),
      {
        company,
      },
    )
    expect(r.abstention?.reason).toBe('not-traded')
    expect(r.abstention?.closest[0]?.text).toMatch(/has been no public market/)
    expect(r.text).toMatch(/no public market before this offering/)
  })

  it('answers as before when the filing says no such thing (an annual report after the offering)', () => {
    const tenK = page(
      '39',
      'Our common stock began trading on the New York Stock Exchange on November 7, 2013. The closing share price on November 7, 2013 was $44.90 per share.',
    )
    const r = extractiveAnswer(
      "What was Acme's closing share price on its first day of trading?",
      hitsOf([tenK]),
      {
        company,
      },
    )
    expect(r.abstention).toBeNull()
    expect(r.text).toMatch(/\$44\.90 per share/)
  })
})

describe('whether the shares have a public market (Item 201(a)(1))', () => {
  const COVER = page(
    'i',
    'This is our initial public offering and no public market currently exists for our shares. We anticipate that the initial public offering price will be between $ and $ per share.',
  )
  const RISK = page(
    '32',
    'An active public trading market for our common stock may not develop or be sustained after this offering.',
  )

  it('answers no with the statement, though its page prints the price’s blank', () => {
    const q = analyzeQuestion('Is there an existing public market for Acme’s shares?', company)
    expect(q.formAnswer).toBe('public-market')
    const r = extractiveAnswer(q, hitsOf([RISK, COVER]), { company })
    expect(r.abstention).toBeNull()
    expect(r.text.split('\n').find((l) => l.startsWith('- '))).toMatch(
      /no public market currently exists.*\[p\.i\]/,
    )
  })

  it('leaves a filing without the statement to the evidence', () => {
    const q = analyzeQuestion('Is there a public market for Acme’s shares?', company)
    const tenK = page(
      '39',
      'Our common stock has been listed on the New York Stock Exchange since November 7, 2013.',
    )
    expect(extractiveAnswer(q, hitsOf([tenK]), { company }).text).not.toMatch(/no public market/)
  })
})

describe('POST /ask: the form’s passages found by the form’s words', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    await seedFiling(env.store, 'acme-s1', [
      page(
        'i',
        'PROSPECTUS\nThis is our initial public offering and no public market currently exists for our shares. We intend to apply to list our common stock on under the symbol “ACME.”',
      ),
      page(
        '2',
        'RISK FACTORS\nThe trading price of our common stock may be volatile on its first day of trading and after.',
      ),
      page('3', 'INDEX TO FINANCIAL STATEMENTS\nReport of Independent Registered Public Accounting Firm F-2'),
      page(
        '4',
        'DIRECTOR INDEPENDENCE\nThe listing rules of the New York Stock Exchange require independent directors.',
      ),
    ])
    app = await buildTestApp(env)
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  const ask = async (question: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      headers: { accept: 'application/json' },
      payload: { filing: 'acme-s1', question },
    })
    expect(res.statusCode).toBe(200)
    return res.json<{
      answer: string
      abstention: { reason: string; closest: { pages: string[] }[] } | null
    }>()
  }

  it('refuses the first day’s closing price with the cover’s statement that no market exists', async () => {
    const body = await ask("What was Acme's closing share price on its first day of trading?")
    expect(body.abstention?.reason).toBe('not-traded')
    expect(body.abstention?.closest[0]?.pages).toEqual(['i'])
  })

  it('says the preliminary prospectus leaves the exchange blank', async () => {
    const body = await ask('Which exchange is Acme going public on?')
    expect(body.abstention?.reason).toBe('blank')
    expect(body.abstention?.closest[0]?.pages).toEqual(['i'])
  })
})
