import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { Table } from '@asks1/shared/contract/tables'
import type { SearchHit } from '@asks1/shared/store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { printsMarketBlank, printsSymbolBlank } from '../src/answer/blanks'
import { evidenceModel } from '../src/answer/evidence-model'
import { extractiveAnswer } from '../src/answer/extractive'
import {
  describingUnits,
  formAnswerOf,
  printsListing,
  printsOfferingPrice,
  printsSymbol,
} from '../src/answer/form-answers'
import { analyzeQuestion } from '../src/answer/question'
import { stemsOf } from '../src/answer/stems'
import { rowAnswers } from '../src/answer/table-rows'
import { buildTestApp, chunksOf, makeEnv, seedFiling, type TestEnv } from './helper'

const page = (label: string, text: string, tables?: Table[]): PageRecord => ({
  label,
  pdfPages: [],
  matter: 'body',
  text,
  ...(tables ? { tables } : {}),
})

const hitsOf = (pages: PageRecord[]): SearchHit[] =>
  chunksOf('acme-s1', pages, 1).map((chunk, i) => ({ chunk, score: 1 / (i + 1) }))

describe('what kind of fixed answer a question asks for (form-answers.ts)', () => {
  const kind = (question: string) => analyzeQuestion(question, 'Facebook, Inc.').formAnswer ?? null

  it('reads a question naming only the filer, or the filer and its business, as asking for the description', () => {
    expect(kind('What does Facebook do?')).toBe('description')
    expect(kind('What is Facebook?')).toBe('description')
    expect(kind('What business is Facebook in?')).toBe('description')
    expect(kind("What is Facebook's principal line of business?")).toBe('description')
    expect(kind('What is the nature of its business?')).toBe('description')
    expect(kind("What is Facebook's mobile business?")).toBeNull()
    expect(kind("What are the risks to Facebook's business?")).toBeNull()
    // Something else is asked of the filer.
    expect(kind('What does Facebook sell?')).toBeNull()
    expect(kind('What was Facebook in 2004?')).toBeNull()
    expect(kind('What does Mark Zuckerberg do?')).toBeNull()
    expect(kind('Does Facebook do business in China?')).toBeNull()
  })

  it('reads a what/which question naming the symbol as asking for the trading symbol', () => {
    expect(kind("What is Facebook's ticker symbol?")).toBe('symbol')
    expect(kind('Under which symbol will the shares trade?')).toBe('symbol')
    expect(
      formAnswerOf({
        text: 'Is there a symbol?',
        own: [],
        terms: ['symbol'],
        phrases: [],
        names: [],
        periods: [],
        answerType: 'yesno',
      }),
    ).toBeNull()
  })

  it('reads a trading symbol as printed: capitals in quotation marks after "symbol", not a blank', () => {
    expect(printsSymbol('quoted on the NASDAQ Global Market under the trading symbol “FB.”')).toBe(true)
    expect(printsSymbol('listed on the New York Stock Exchange under the symbol "TWTR".')).toBe(true)
    expect(printsSymbol('our common stock on under the trading symbol “ .”')).toBe(false)
    expect(printsSymbol('denoting the recipient with the “@” symbol followed by their username')).toBe(false)
  })
})

describe('the sentences describing the filer (describingUnits)', () => {
  it('puts the filer defining itself as "we" before a sentence defining its name, which may name something else', () => {
    const units = describingUnits(
      [
        {
          text: 'CAMP4 is the final camp before the summit of Mount Everest.\nOverview\nWe are a clinical-stage biopharmaceutical company developing RNA-based medicines.\nYou should read this prospectus carefully.',
          startPage: '1',
        },
      ],
      ['camp4'],
      stemsOf,
    )
    expect(units.map((u) => u.text)).toEqual([
      'We are a clinical-stage biopharmaceutical company developing RNA-based medicines.',
      'CAMP4 is the final camp before the summit of Mount Everest.',
    ])
  })
})

describe('the trading symbol (Item 501(b)(4))', () => {
  const TICKER = page(
    '83',
    'Ticker is a live stream of the real-time activities of a user’s friends and the Pages to which the user is connected. Ticker shows what friends are doing.',
  )
  const LISTING = page(
    '145',
    'We intend to apply to have our Class A common stock quoted on the NASDAQ Global Market under the trading symbol “FB.” The underwriters may sell shares.',
  )
  const BLANK = page(
    '7',
    'Proposed trading symbol. We intend to list our common stock under the trading symbol “ .”',
  )

  it('quotes the sentence printing the symbol, not a product named like the question', () => {
    const a = extractiveAnswer("What is Facebook's ticker symbol?", hitsOf([TICKER, LISTING]), {
      company: 'Facebook, Inc.',
    })
    expect(a.abstention).toBeNull()
    expect(a.text).toMatch(/trading symbol “FB\.”” \[p\.145\]/)
    expect(a.text).not.toMatch(/live stream/)
  })

  it('says the filing leaves it blank in a preliminary prospectus, and that it prints none when none is printed', () => {
    const blank = extractiveAnswer("What is Acme's ticker symbol?", hitsOf([TICKER, BLANK]), {
      company: 'Acme Rockets, Inc.',
    })
    expect(blank.abstention?.reason).toBe('blank')
    const none = extractiveAnswer("What is Acme's ticker symbol?", hitsOf([TICKER]), {
      company: 'Acme Rockets, Inc.',
    })
    expect(none.abstention?.reason).toBe('no-symbol')
    expect(none.text).toMatch(/print no trading symbol/)
  })
})

describe('the market the shares are listed on (Item 501(b)(4))', () => {
  const kind = (question: string) => analyzeQuestion(question, 'Acme Rockets, Inc.').formAnswer ?? null
  const INDEPENDENCE = page(
    '99',
    'Director Independence. We intend to apply to list our common stock on the NASDAQ Global Select Market or the New York Stock Exchange. The listing rules of these stock exchanges generally require that a majority of the members of a listed company’s board of directors be independent.',
  )
  const COVER_BLANK = page(
    'i',
    'This is our initial public offering. We intend to apply to list our Class A common stock on under the symbol “ACME.” Investing in our Class A common stock involves risks.',
  )
  const INDEX = page(
    'F-1',
    'INDEX TO CONSOLIDATED FINANCIAL STATEMENTS Report of Independent Registered Public Accounting Firm F-2 Consolidated Balance Sheets F-3',
  )
  const COVER_NAMED = page(
    '1',
    'This is our initial public offering. Our common stock has been approved for listing on the Nasdaq Global Market under the trading symbol “ACME.” We are an emerging growth company.',
  )
  const ask = (question: string, pages: PageRecord[]) =>
    extractiveAnswer(question, hitsOf(pages), { company: 'Acme Rockets, Inc.' })

  it('reads which or what exchange as asking for the market, not the Exchange Act or a rate', () => {
    expect(kind('On which stock exchange will Acme’s shares be listed?')).toBe('market')
    expect(kind('Which exchange is Acme going public on?')).toBe('market')
    expect(kind('What exchange does Acme trade on?')).toBe('market')
    expect(kind('Which Exchange Act reports does Acme file?')).toBeNull()
    expect(kind('What exchange rate does Acme use for the euro?')).toBeNull()
    expect(kind('Is Acme listed on a stock exchange?')).toBeNull()
  })

  it('reads the blanks of the listing sentence: the market’s and the symbol’s', () => {
    expect(
      printsMarketBlank('We intend to apply to list our Class A common stock on under the symbol “FB.”'),
    ).toBe(true)
    expect(
      printsMarketBlank('We have applied to list our common stock on the under the trading symbol “ .”'),
    ).toBe(true)
    expect(
      printsMarketBlank('although we expect that our common stock will be approved for listing on , we'),
    ).toBe(true)
    expect(
      printsMarketBlank('approved for listing on the Nasdaq Global Market under the symbol “CAMP.”'),
    ).toBe(false)
    expect(printsMarketBlank('based on our listing of users, traffic and so on, which we')).toBe(false)
    expect(printsSymbolBlank('list our common stock under the trading symbol “ .”')).toBe(true)
    expect(printsSymbolBlank('under the trading symbol “FB.”')).toBe(false)
    expect(printsListing('approved for listing on the Nasdaq Global Market under the symbol “CAMP.”')).toBe(
      true,
    )
    expect(printsListing('The listing rules of these stock exchanges generally require independence.')).toBe(
      false,
    )
  })

  it('says a preliminary prospectus leaves the market blank, though another page names candidates', () => {
    for (const q of [
      'On which stock exchange will Acme’s shares be listed?',
      'Which exchange is Acme going public on?',
    ]) {
      const a = ask(q, [INDEPENDENCE, INDEX, COVER_BLANK])
      expect(a.abstention?.reason).toBe('blank')
      expect(a.abstention?.closest[0]?.text).toMatch(/on under the symbol/)
    }
  })

  it('quotes the listing sentence naming the market, whatever words of the question it shares', () => {
    const a = ask('Which exchange is Acme going public on?', [INDEX, COVER_NAMED])
    expect(a.abstention).toBeNull()
    expect(a.text).toMatch(
      /approved for listing on the Nasdaq Global Market under the trading symbol “ACME\.”” \[p\.1\]/,
    )
    expect(a.text).not.toMatch(/INDEX TO/)
  })
})

describe('the offering price (Item 501(b)(3)) asked as what one share costs', () => {
  const kind = (question: string) => analyzeQuestion(question, 'Acme Rockets, Inc.').formAnswer ?? null
  const COST = page('51', 'Cost of revenue in 2011 increased $367 million, or 74%, compared to 2010.')
  const PREFERRED = page(
    'F-27',
    'All shares of preferred stock convert to common stock upon the sale of common stock in a public offering at a price of not less than $1.93625 per share (a “Qualified IPO”).',
  )
  const RANGE = page(
    'i',
    'This is our initial public offering. We anticipate that the initial public offering price will be between $ and $ per share.',
  )
  const PRICED = page(
    '1',
    'We are offering 6,820,000 shares of our common stock. The initial public offering price is $11.00 per share.',
  )
  const ask = (question: string, pages: PageRecord[]) =>
    extractiveAnswer(question, hitsOf(pages), { company: 'Acme Rockets, Inc.' })

  it('reads an amount asked of one share in the offering, not an amount per share of something else', () => {
    expect(kind('How much will one Acme share cost in the IPO?')).toBe('offering-price')
    expect(kind('How much did a share cost in the initial public offering?')).toBe('offering-price')
    expect(kind('How much dilution do I take on per share if I buy in the IPO?')).toBeNull()
    expect(kind('How much of a share of the IPO proceeds goes to Acme?')).toBeNull()
    expect(kind('How much will one Acme share cost?')).toBeNull()
    expect(printsOfferingPrice('The initial public offering price is $11.00 per share.')).toBe(true)
    expect(printsOfferingPrice('at a public offering price of $26.00 per share for an aggregate')).toBe(true)
    expect(printsOfferingPrice('the initial public offering price will be between $ and $ per share')).toBe(
      true,
    )
    expect(printsOfferingPrice('at a price of not less than $1.93625 per share in a public offering')).toBe(
      false,
    )
  })

  it('says a preliminary prospectus leaves the price blank, not quoting a cost or a conversion price', () => {
    const a = ask('How much will one Acme share cost in the IPO?', [COST, PREFERRED, RANGE])
    expect(a.abstention?.reason).toBe('blank')
    expect(a.abstention?.closest[0]?.text).toMatch(/between \$ and \$ per share/)
  })

  it('quotes the offering price a final prospectus prints', () => {
    const a = ask('How much will one Acme share cost in the IPO?', [COST, PREFERRED, PRICED])
    expect(a.abstention).toBeNull()
    expect(a.text.split('\n').find((l) => l.startsWith('- '))).toMatch(/\$11\.00 per share.*\[p\.1\]/)
    expect(a.text).not.toMatch(/Cost of revenue|Qualified IPO/)
  })
})

describe('who: a firm named in the role asked', () => {
  it('answers "auditor" by the registered public accounting firm, not by the standards its audit followed', () => {
    const pages = [
      page(
        'F-2',
        'We conducted our audits in accordance with the standards of the Public Company Accounting Oversight Board (United States). Those standards require that we plan the audit.',
      ),
      page(
        '150',
        'Ernst & Young LLP, independent registered public accounting firm, has audited our consolidated financial statements at December 31, 2010 and 2011.',
      ),
    ]
    const a = extractiveAnswer("Who is Acme's auditor?", hitsOf(pages), { company: 'Acme Rockets, Inc.' })
    expect(a.abstention).toBeNull()
    const first = a.text.split('\n').find((l) => l.startsWith('- '))
    expect(first).toMatch(/Ernst & Young LLP.*\[p\.150\]/)
  })

  it('reads the firm where the report is signed, though a sentence runs on after its name', () => {
    const pages = [
      page(
        'F-2',
        'We believe that our audits provide a reasonable basis for our opinion. /s/ Ernst & Young LLP We have served as the Company’s auditor since 2017. Boston, Massachusetts',
      ),
      page(
        '9',
        'We are exempt from the auditor attestation requirements of Section 404 of the Sarbanes-Oxley Act.',
      ),
    ]
    const a = extractiveAnswer("Who is Acme's auditor?", hitsOf(pages), { company: 'Acme Rockets, Inc.' })
    const first = a.text.split('\n').find((l) => l.startsWith('- '))
    expect(first).toMatch(/Ernst & Young LLP We have served as the Company’s auditor.*\[p\.F-2\]/)
  })
})

/** A cell as ingest reads it: the printed text and its number in the table's units (millions). */
const cell = (text: string) => ({ text, value: Number(text.replace(/[^\d.]/g, '')) * 1_000_000 })

/** A balance sheet at two dates and a pro forma column repeating the later one (Regulation S-X Rule 5-02). */
const BALANCE: Table = {
  page: 'F-3',
  title: 'CONSOLIDATED BALANCE SHEETS',
  units: { label: 'millions', scale: 1_000_000, exceptPerShare: false, exceptShares: true },
  columns: [
    { label: 'December 31, 2010', period: 'December 31, 2010' },
    { label: 'December 31, 2011', period: 'December 31, 2011' },
    { label: 'Pro Forma December 31, 2011', period: 'December 31, 2011' },
  ],
  rows: [
    ['Cash and cash equivalents', '$1,785', '$1,512', '$1,512'],
    ['Total current assets', '2,246', '4,604', '4,933'],
    ['Total assets', '$2,990', '$6,331', '$6,660'],
    ['Total liabilities', '828', '1,432', '1,432'],
    ['Total stockholders’ equity', '2,162', '4,899', '5,228'],
  ].map(([label, ...cells]) => ({ label: label as string, page: 'F-3', cells: cells.map(cell) })),
  continued: false,
}

/** The statement of cash flows: years, not dates. */
const FLOWS: Table = {
  page: 'F-6',
  title: 'CONSOLIDATED STATEMENTS OF CASH FLOWS',
  units: { label: 'millions', scale: 1_000_000, exceptPerShare: false, exceptShares: true },
  columns: [{ label: 'Year Ended December 31, 2011', period: 'Year ended December 31, 2011' }],
  rows: [{ label: 'Net cash provided by operating activities', page: 'F-6', cells: [cell('$1,549')] }],
  continued: false,
}

describe('a balance-sheet line item asked with no period: its row at the latest date', () => {
  const rows = (question: string, tables: Table[] = [FLOWS, BALANCE]) => {
    const q = analyzeQuestion(question, 'Facebook, Inc.')
    const hits = hitsOf([page('F-3', 'Cash and cash equivalents Total assets Total liabilities')])
    return rowAnswers(q, tables, evidenceModel(q, hits)).map((r) => `${r.text} [p.${r.page}]`)
  }

  it('answers cash, total assets, total liabilities and equity from the latest date, the actual column', () => {
    expect(rows('How much cash does Facebook have?')).toEqual([
      'Cash and cash equivalents, December 31, 2011: $1,512 million [p.F-3]',
    ])
    expect(rows("What are Facebook's total assets?")).toEqual([
      'Total assets, December 31, 2011: $6,331 million [p.F-3]',
    ])
    expect(rows("What are Facebook's total liabilities?")).toEqual([
      'Total liabilities, December 31, 2011: $1,432 million [p.F-3]',
    ])
    expect(rows("What is Facebook's stockholders' equity?")).toEqual([
      'Total stockholders’ equity, December 31, 2011: $4,899 million [p.F-3]',
    ])
  })

  it('gives no row when the question asks something else of the line item, or no table prints it at a date', () => {
    expect(rows('What is Facebook going to do with the IPO cash?')).toEqual([])
    expect(rows('Does Facebook have cash?')).toEqual([])
    expect(rows('How much cash does Facebook have?', [FLOWS])).toEqual([])
  })
})

describe('POST /ask: what the filer does, and its ticker', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv({ seed: false })
    await seedFiling(env.store, 'acme-s1', [
      page('i', 'TABLE OF CONTENTS\nProspectus Summary\n1\nRisk Factors\n2'),
      page(
        '1',
        'PROSPECTUS SUMMARY\nThis summary highlights information contained elsewhere in this prospectus. You should read the entire prospectus carefully.\nACME ROCKETS, INC.\nOverview\nOur mission is to make space launches routine.\nAcme Rockets is a designer and operator of reusable rockets for satellite operators.\nWe launched 40 missions in 2011.',
      ),
      page('2', 'RISK FACTORS\nCompetition from larger launch providers could reduce our launch prices.'),
      page('3', 'Ticker, our live feed of launches, shows every countdown to our customers.'),
      page(
        '4',
        'THE OFFERING\nWe intend to list our common stock on the NASDAQ Global Market under the trading symbol “ACME.”',
      ),
      page('5', 'USE OF PROCEEDS\nWe intend to use the net proceeds for general corporate purposes.'),
    ])
    app = await buildTestApp(env)
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  it('quotes the sentences describing the filer, its definition first, not the words to the reader', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      headers: { accept: 'application/json' },
      payload: { filing: 'acme-s1', question: 'What does Acme do?' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ answer: string; abstention: unknown }>()
    expect(body.abstention ?? null).toBeNull()
    const quotes = body.answer.split('\n').filter((l) => l.startsWith('- '))
    expect(quotes).toEqual([
      '- “Acme Rockets is a designer and operator of reusable rockets for satellite operators.” [p.1]',
      '- “Our mission is to make space launches routine.” [p.1]',
      '- “We launched 40 missions in 2011.” [p.1]',
    ])
    // The badge: the quotes speak of the filer, which is what the question asks (no word of it matches).
    const body2 = res.json<{ citations: { page: string; relevance: { level: string } }[] }>()
    expect(body2.citations.map((c) => [c.page, c.relevance.level])).toEqual([['1', 'strong']])
  })

  it('finds the symbol by the form’s caption when the question’s word retrieves only a product', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ask',
      headers: { accept: 'application/json' },
      payload: { filing: 'acme-s1', question: "What is Acme's ticker?" },
    })
    const quotes = res
      .json<{ answer: string }>()
      .answer.split('\n')
      .filter((l) => l.startsWith('- '))
    expect(quotes).toEqual([
      '- “We intend to list our common stock on the NASDAQ Global Market under the trading symbol “ACME.”” [p.4]',
    ])
  })
})
