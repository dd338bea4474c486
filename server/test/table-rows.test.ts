import { readFileSync } from 'node:fs'
import { rowText, type Table } from '@asks1/shared/contract/tables'
import { lineItemWords } from '@asks1/shared/retrieval/line-items'
import { analyzeQuery } from '@asks1/shared/retrieval/query'
import type { SearchHit } from '@asks1/shared/store'
import { describe, expect, it } from 'vitest'
import { questionParts } from '../src/answer/compound'
import { evidenceModel } from '../src/answer/evidence-model'
import { compoundAnswer, extractiveAnswer } from '../src/answer/extractive'
import { analyzeQuestion } from '../src/answer/question'
import { rowAnswer, rowAnswers } from '../src/answer/table-rows'
import { chunksOf } from './helper'

/**
 * Tables ingest read from samples/facebook-s1.pdf (pdf.js geometry): the statement of income on
 * p.F-4, and p.F-28's unrecognized tax benefits and geographical revenue.
 */
const TABLES = JSON.parse(
  readFileSync(new URL('./fixtures/facebook-s1-tables.json', import.meta.url), 'utf8'),
) as Table[]
const company = 'Facebook, Inc.'

/** Retrieved chunks: one per page, its text the page's rows (what the evidence model weighs against). */
const hits: SearchHit[] = ['F-4', 'F-28'].map((page, i) => {
  const text = TABLES.filter((t) => t.page === page)
    .flatMap((t) => t.rows.map((r) => rowText(t, r)))
    .join('\n')
  const [chunk] = chunksOf('facebook-s1', [{ label: page, pdfPages: [], text, matter: 'body' }])
  return { chunk: { ...(chunk as SearchHit['chunk']), ordinal: i }, score: 1 / (i + 1) }
})

const answer = (question: string, tables = TABLES) => {
  const q = analyzeQuestion(question, company)
  return rowAnswer(q, tables, evidenceModel(q, hits))
}

describe('figure answers from a table row and the period column (facebook-s1 tables)', () => {
  it('answers an amount for a year from the row naming the line item, on the row’s page', () => {
    expect(answer('How much revenue did Facebook have in 2011?')).toMatchObject({
      text: 'Revenue, Year ended December 31, 2011: $3,711 million',
      page: 'F-4',
    })
    expect(
      answer('What was the balance of gross unrecognized tax benefits at the end of 2011?'),
    ).toMatchObject({
      text: 'Gross unrecognized tax benefits—end of period, Year ended December 31, 2011: $63 million',
      page: 'F-28',
    })
  })

  it('answers a yes/no question naming a line item and a year by its row ("profit", IAS 1.81A)', () => {
    expect(answer('Did Facebook make a profit in 2011?')?.text).toBe(
      'Net income, Year ended December 31, 2011: $1,000 million',
    )
    // A yes/no question naming no line item gets no row.
    expect(answer('Did Facebook grow in 2011?')).toBeNull()
  })

  it('answers a question naming a place only from a table printing that name', () => {
    // The qualifier is data the table breaks the line item down by: a state it does not print is
    // a figure the filing does not give, not the total's.
    expect(answer('How much revenue did Facebook earn from customers in Texas in 2011?')).toBeNull()
    expect(answer('How much revenue did Facebook earn in the United States in 2011?')).toMatchObject({
      text: 'United States, Year ended December 31, 2011: $2,067 million',
      page: 'F-28',
    })
  })

  it('states every asked period the row has, in column order', () => {
    expect(answer('How much net income did Facebook make in 2010 and 2011?')?.text).toBe(
      'Net income, Year ended December 31, 2010: $606 million; Year ended December 31, 2011: $1,000 million',
    )
  })

  it('prefers the statement reporting the line item to a note restating it, however retrieved', () => {
    // The note's geographical table (F-28) prints "Total revenue" too, and comes first here; the
    // statement of income reports revenue (S-X 5-03.1).
    const reversed = [...TABLES].reverse()
    expect(answer('How much revenue did Facebook have in 2011?', reversed)?.page).toBe('F-4')
  })

  it('answers nothing without a figure question, an asked year the columns report, or a fitting cell', () => {
    expect(answer('Who audits Facebook’s revenue for 2011?')).toBeNull()
    expect(answer('How much revenue did Facebook have?')).toBeNull()
    expect(answer('How much revenue did Facebook have in 2015?')).toBeNull()
    // A percentage is asked; the revenue row holds amounts only.
    expect(answer('What percentage of revenue was research and development in 2011?')).toBeNull()
  })

  it('takes a label the question names half of, the first of equal rows (the statement before its notes)', () => {
    // "427" prints no "$" (only the column's first row and totals do): still money.
    expect(answer('How much did Facebook spend on marketing in 2011?')?.text).toBe(
      'Marketing and sales, Year ended December 31, 2011: $427 million',
    )
    // "Research and development": research is named, development is not, and the question is long.
    expect(answer('How much was the Facebook research budget in 2011 versus the platform plans?')).toBeNull()
  })

  it('reads a label’s line-item words without figures or the subtotal word', () => {
    expect(lineItemWords('Total revenue')).toEqual(['revenu'])
    expect(lineItemWords('Income (loss) from operations (1)')).toEqual(['incom', 'loss', 'oper'])
  })

  it('puts the row first in the extractive answer, cited on its printed page', () => {
    const { text } = extractiveAnswer('How much revenue did Facebook have in 2011?', hits, {
      company,
      tables: TABLES,
    })
    expect(text.split('\n')[2]).toBe('- Revenue, Year ended December 31, 2011: $3,711 million [p.F-4]')
  })

  it('after a row of the very line item asked, quotes only sentences restating its figure', () => {
    // A sentence matching the line item's words and year about something else (a covenant's
    // floor), and one stating the row's figure in the prose's own rounding.
    const prose = chunksOf('facebook-s1', [
      {
        label: '22',
        pdfPages: [],
        text: 'Our credit facility requires us to maintain net income of at least $100 million in 2011 and each year after.',
        matter: 'body',
      },
      {
        label: '49',
        pdfPages: [],
        text: 'Net income In 2011, our net income was $1.0 billion, an increase of 65% from 2010.',
        matter: 'body',
      },
    ]).map((chunk, i) => ({ chunk: { ...chunk, ordinal: 10 + i }, score: 0.5 / (i + 1) }))
    const { text } = extractiveAnswer('What was Facebook’s net income in 2011?', [...hits, ...prose], {
      company,
      tables: TABLES,
    })
    const lines = text.split('\n').filter((l) => l.startsWith('- '))
    expect(lines[0]).toBe('- Net income, Year ended December 31, 2011: $1,000 million [p.F-4]')
    expect(text).toContain('our net income was $1.0 billion')
    expect(text).not.toContain('[p.22]')
  })

  it('reads a line item from the statement that reports it before another statement restating it', () => {
    const table = (page: string, title: string, label: string, period: string): Table => ({
      page,
      title,
      units: { label: 'millions', scale: 1e6, exceptPerShare: true, exceptShares: true },
      columns: [{ label: period, period }],
      rows: [{ label, page, cells: [{ text: '$ 1,512', value: 1.512e9 }] }],
      continued: false,
    })
    // The cash flow statement's closing row comes first (better retrieved) and shares "end" with
    // the question; the balance sheet (S-X 5-02.1) is where cash and cash equivalents are reported.
    const tables = [
      table(
        'F-6',
        'CONSOLIDATED STATEMENTS OF CASH FLOWS',
        'Cash and cash equivalents at end of period',
        'Year ended December 31, 2011',
      ),
      table('F-3', 'CONSOLIDATED BALANCE SHEETS', 'Cash and cash equivalents', 'December 31, 2011'),
    ]
    expect(
      answer('What was Facebook’s cash and cash equivalents balance at the end of 2011?', tables),
    ).toMatchObject({
      text: 'Cash and cash equivalents, December 31, 2011: $1,512 million',
      page: 'F-3',
    })
  })

  it('answers the second part of a two-part question from the row, in the year it borrows', () => {
    const whole = analyzeQuery(
      'How much revenue did Facebook have in 2011, and how much net income did it make?',
    )
    const parts = questionParts(whole).map((p) => analyzeQuestion(p, company))
    expect(parts).toHaveLength(2)
    expect(parts[1]?.text).not.toMatch(/2011/)
    const { text } = compoundAnswer(parts.map((q) => ({ q, hits, tables: TABLES })))
    expect(text).toContain('- Revenue, Year ended December 31, 2011: $3,711 million [p.F-4]')
    expect(text).toContain('- Net income, Year ended December 31, 2011: $1,000 million [p.F-4]')
    // The second part borrows "revenue" but does not ask it again.
    expect(text.split('- Revenue, Year ended December 31, 2011')).toHaveLength(2)
  })
})

describe('line items, their parts and two-part figure questions (facebook-s1 tables)', () => {
  const rows = (question: string) => {
    const q = analyzeQuestion(question, company)
    return rowAnswers(q, TABLES, evidenceModel(q, hits)).map((r) => `${r.text} [p.${r.page}]`)
  }

  it('answers "What was X in YEAR" when X is a line item, and not when it is none', () => {
    expect(rows('What was Facebook’s research and development expense in 2011?')).toEqual([
      'Research and development, Year ended December 31, 2011: $388 million [p.F-4]',
    ])
    expect(rows('What was Facebook’s outlook in 2011?')).toEqual([])
  })

  it('answers the line item a question names by its verb', () => {
    expect(rows('How much money did Facebook lose in 2011?')[0]).toBe(
      'Net income, Year ended December 31, 2011: $1,000 million [p.F-4]',
    )
  })

  it('gives each line item of a two-part question its own row', () => {
    expect(rows('What were Facebook’s revenue and net income in 2011?')).toEqual([
      'Net income, Year ended December 31, 2011: $1,000 million [p.F-4]',
      'Revenue, Year ended December 31, 2011: $3,711 million [p.F-4]',
    ])
  })

  it('takes no second row for a line item only a synonym of the question’s words names', () => {
    // WordNet reads "benefit" as "profit" too, which names net income; the question prints neither,
    // so a net income row is no second answer to it. As retrieved with diversity on: the tax note
    // first, then selected financial data restating the income statement (p.40, no statement).
    const selected = TABLES.filter((t) => t.page === 'F-4').map((t) => ({ ...t, title: null, page: '40' }))
    const tables = [...TABLES.filter((t) => t.page === 'F-28'), ...selected]
    const q = analyzeQuestion(
      'What was the balance of unrecognized tax benefits at the end of 2011 per the income tax note?',
      company,
    )
    expect(rowAnswers(q, tables, evidenceModel(q, hits)).map((r) => `${r.text} [p.${r.page}]`)).toEqual([
      'Gross unrecognized tax benefits—end of period, Year ended December 31, 2011: $63 million [p.F-28]',
    ])
  })

  it('answers the parts of a line item the question names from the item’s own table, not the total', () => {
    expect(
      rows('How much of Facebook’s 2011 revenue came from the United States and the rest of the world?'),
    ).toEqual([
      'United States, Year ended December 31, 2011: $2,067 million [p.F-28]',
      'Rest of the world, Year ended December 31, 2011: $1,644 million [p.F-28]',
    ])
  })
})

describe('quarter columns (twitter-10k-2013 p.58: three months ended, calendar quarters)', () => {
  const quarters = ['Dec. 31, 2013', 'Sep. 30, 2013', 'Jun. 30, 2013', 'Mar. 31, 2013', 'Dec. 31, 2012']
  const P58: Table = {
    page: '58',
    title: null,
    units: { label: 'thousands', scale: 1000, exceptPerShare: false, exceptShares: false },
    columns: quarters.map((d) => ({ label: `Three Months Ended ${d}`, period: `Three months ended ${d}` })),
    rows: [
      {
        label: 'Net loss',
        page: '58',
        cells: ['$(511,471)', '$(64,601)', '$(42,225)', '$(27,026)', '$ (8,705)'].map((text) => ({
          text,
          value: -Number(text.replace(/[^\d]/g, '')) * 1000,
        })),
      },
    ],
    continued: false,
  }
  const [chunk] = chunksOf('twitter-10k-2013', [
    { label: '58', pdfPages: [], text: rowText(P58, P58.rows[0] as Table['rows'][number]), matter: 'body' },
  ])
  const ask = (question: string) => {
    const q = analyzeQuestion(question, 'Twitter, Inc.')
    return (
      rowAnswer(q, [P58], evidenceModel(q, [{ chunk: chunk as SearchHit['chunk'], score: 1 }]))?.text ?? null
    )
  }

  it('reads the asked quarter as the three months ending with it, not every quarter of the year', () => {
    expect(ask('What was Twitter’s net loss in the fourth quarter of 2013?')).toBe(
      'Net loss, Three months ended Dec. 31, 2013: -$511,471 thousand',
    )
    expect(ask('What was the net loss in Q1 2013?')).toBe(
      'Net loss, Three months ended Mar. 31, 2013: -$27,026 thousand',
    )
    // No column for the quarter, and a year asked is not a quarter of it.
    expect(ask('What was the net loss in the first quarter of 2014?')).toBeNull()
    expect(ask('What was the net loss in 2013?')).toBeNull()
  })
})

describe('fiscal and calendar years (pandora-s1 p.45: fiscal years end January 31)', () => {
  const cell = (text: string) => ({ text, value: Number(text) * 1e9 })
  const P45: Table = {
    page: '45',
    title: null,
    units: null,
    columns: [
      { label: 'Fiscal Year Ended January 31, 2009', period: 'Fiscal year ended January 31, 2009' },
      { label: 'Fiscal Year Ended January 31, 2010', period: 'Fiscal year ended January 31, 2010' },
      { label: 'Nine Months Ended October 31, 2009', period: 'Nine months ended October 31, 2009' },
      { label: 'Nine Months Ended October 31, 2010', period: 'Nine months ended October 31, 2010' },
    ],
    rows: [
      { label: 'Listener hours (in billions)', page: '45', cells: ['1.0', '2.1', '1.4', '2.6'].map(cell) },
    ],
    continued: false,
  }
  const [chunk] = chunksOf('pandora-s1', [
    { label: '45', pdfPages: [], text: rowText(P45, P45.rows[0] as Table['rows'][number]), matter: 'body' },
  ])
  const ask = (question: string) => {
    const q = analyzeQuestion(question, 'Pandora Media, Inc.')
    return (
      rowAnswer(q, [P45], evidenceModel(q, [{ chunk: chunk as SearchHit['chunk'], score: 1 }]))?.text ?? null
    )
  }
  const fiscal2010 = 'Listener hours (in billions), Fiscal year ended January 31, 2010: 2.1 billion'

  it('answers a fiscal year from the column of that fiscal name (fiscal 2010 ended January 31, 2010)', () => {
    expect(ask('How many listener hours did Pandora stream in fiscal 2010?')).toBe(fiscal2010)
  })

  it('answers a period asked by its end month from the column ending then', () => {
    expect(ask('How many listener hours did Pandora stream through January 2010?')).toBe(fiscal2010)
  })

  it('answers "the nine months ended" from the nine-month column ending then, not the fiscal year', () => {
    expect(ask('How many listener hours did Pandora stream in the nine months ended October 31, 2010?')).toBe(
      'Listener hours (in billions), Nine months ended October 31, 2010: 2.6 billion',
    )
    expect(
      ask('How many listener hours did Pandora stream in the six months ended October 31, 2010?'),
    ).toBeNull()
  })

  it('reads a plain year as a calendar year: the year-long column covering most of it', () => {
    // Fiscal 2010 is eleven months of 2009; calendar 2010 is mostly the year ended January 31, 2011,
    // which this table does not print.
    expect(ask('How many listener hours did Pandora stream in 2010?')).toBeNull()
    expect(ask('How many listener hours did Pandora stream in 2009?')).toBe(fiscal2010)
  })
})
