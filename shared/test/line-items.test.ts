import { describe, expect, it } from 'vitest'
import { type Figure, parseFigures } from '../src/contract/figures'
import { type Table, tableFigures } from '../src/contract/tables'
import {
  clauseOf,
  labelCover,
  lineItemOf,
  lineItemsNamed,
  lineItemWords,
  namedLineItems,
  otherLineItem,
} from '../src/retrieval/line-items'
import { keywordTerms } from '../src/retrieval/terms'
import fixture from './fixtures/figure-pages.json' with { type: 'json' }

// Real pages: the tables ingest reads from the Chrome-printed PDFs (fixtures/figure-pages.json).
const tables = fixture.tables as unknown as Record<string, Record<string, Table[]>>
const pages = fixture.pages as Record<string, Record<string, string>>
const cellsOf = (filing: string, label: string): Figure[] => {
  const t = tables[filing]?.[label]
  if (!t) throw new Error(`fixture lacks tables of ${filing} p.${label}`)
  return tableFigures(t, label)
}
/** The line-item check of the first figure of a sentence cited on a real page. */
const check = (filing: string, label: string, sentence: string) => {
  const quote = parseFigures(sentence)[0]
  if (!quote) throw new Error(`no figure in ${sentence}`)
  return otherLineItem(quote, sentence, cellsOf(filing, label))
}

describe('line items', () => {
  it('reads a label as its line-item words and measures how much of it a text names', () => {
    expect(lineItemWords('Total revenue')).toEqual(['revenu'])
    expect(lineItemWords('Income (loss) from operations (1)')).toEqual(['incom', 'loss', 'oper'])
    expect(
      labelCover(lineItemWords('Net loss and comprehensive loss'), new Set(['net', 'loss'])),
    ).toBeCloseTo(2 / 3)
    expect(labelCover([], new Set(['net']))).toBe(0)
  })

  it("takes a figure's own clause of its sentence", () => {
    const s = '$1,644 million from the rest of the world (vs $2,067 million US), i.e. 44% of revenue'
    expect(clauseOf(s, '$2,067 million')).toBe('vs $2,067 million US')
    expect(clauseOf(s, '$1,644 million')).toBe('$1,644 million from the rest of the world ')
    expect(clauseOf('Revenue was $3,711 million', '$9')).toBe('Revenue was $3,711 million')
  })

  // [filing, printed page, sentence, why]: the sentence's first figure may stand for what it names.
  it.each([
    ['facebook-s1', 'F-3', 'Total assets were $6,331 million at the end of 2011.', 'the row it names'],
    ['facebook-s1', 'F-3', 'Marketable securities were $2,396 million.', 'the row it names'],
    // "$49.3 million" is the cell (49,291) of "Net loss and comprehensive loss": named at 2 of 3 words.
    ['camp4-424b4', '98', 'Net loss was $49.3 million in 2023.', 'a page in thousands, a partial name'],
    // Printed in the per-share row, which the clause names in more words than "Net Loss".
    ['camp4-424b4', '13', 'Net loss per share was $(124.80) in 2023.', 'the row the clause names most'],
    // "R&D" does not spell the row's words, and "expense" alone is not "Other expense".
    ['camp4-424b4', '98', 'R&D expense was $40,616 thousand in 2023.', 'no other row named in full'],
    // A figure no cell of the page holds is left to the text check.
    [
      'camp4-424b4',
      '98',
      'General and administrative expenses were $12.0 million.',
      'in no cell of the page',
    ],
  ])('accepts %s p.%s "%s" (%s)', (filing, page, sentence) => {
    expect(check(filing, page, sentence)).toBeNull()
  })

  // [filing, printed page, sentence, the row that prints the figure, the row the sentence names].
  it.each([
    [
      'facebook-s1',
      'F-3',
      'Total liabilities were $6,331 million at the end of 2011.',
      'Total assets',
      'Total liabilities',
    ],
    [
      'facebook-s1',
      'F-3',
      'Cash and cash equivalents were $2,396 million.',
      'Marketable securities',
      'Cash and cash equivalents',
    ],
    [
      'camp4-424b4',
      '98',
      'General and administrative expenses were $40.6 million in 2023.',
      'Research and development',
      'General and administrative',
    ],
    // The per-share figure given as the net loss: "Net Loss" is named in full, the per-share row in part.
    [
      'camp4-424b4',
      '13',
      'Net loss was $(124.80) in 2023.',
      'Net loss per share attributable to common stockholders, basic and diluted',
      'Net Loss',
    ],
    [
      'camp4-424b4',
      '13',
      'Interest income was $11,613 thousand in 2023.',
      'General and Administrative',
      'Interest income',
    ],
  ])('refuses %s p.%s "%s": printed in %s, not %s', (filing, page, sentence, printedIn, named) => {
    expect(check(filing, page, sentence)).toEqual({ printedIn, named })
  })

  it("does not refuse the page's own words, or a figure its prose states with a scale word", () => {
    // An extractive quote of Facebook's ownership table (p.127): its footnote marker "(3)" equals
    // another row's cell, and the quote names Mark Zuckerberg's row; the words are the page's own.
    const p127 = pages['facebook-s1']?.['127'] ?? ''
    const quote =
      'Named Executive Officers and Directors: Mark Zuckerberg (3) — — 533,801,850 28.4 28.2(4) Shares subject to voting proxy'
    const marker = parseFigures(quote).find((x) => x.text === '(3)') as Figure
    expect(otherLineItem(marker, quote, cellsOf('facebook-s1', '127'))).not.toBeNull()
    expect(otherLineItem(marker, quote, cellsOf('facebook-s1', '127'), p127)).toBeNull()
    // As an extractive answer prints it: a list item, quote marks, cut marks. Still the page's words
    // (the list's "- " had made Facebook's p.49 share-based compensation quote "not verified").
    const listed = `- “…${quote.slice(quote.indexOf('Mark'))}…” [p.127]`
    expect(otherLineItem(marker, listed, cellsOf('facebook-s1', '127'), p127)).toBeNull()
    const altered = `- “${quote.replace('Mark Zuckerberg', 'Mark Zuckerberg of Acme')}”`
    expect(otherLineItem(marker, altered, cellsOf('facebook-s1', '127'), p127)).not.toBeNull()
    const text = pages['facebook-s1']?.['F-3'] ?? ''
    const cells = cellsOf('facebook-s1', 'F-3')
    // Prose printing "$2,396 million" says itself what the figure is.
    const claim = 'Cash and cash equivalents were $2,396 million.'
    const g = parseFigures(claim)[0] as Figure
    expect(otherLineItem(g, claim, cells, text)).not.toBeNull()
    expect(
      otherLineItem(g, claim, cells, `${text}\nWe held $2,396 million of marketable securities.`),
    ).toBeNull()
  })
})

describe('the line item a row label prints and a question names (financial-terms.ts)', () => {
  it('reads a row label as the longest caption it starts with, "Total" and alternates aside', () => {
    expect(lineItemOf('Total assets')).toBe('Assets')
    expect(lineItemOf('Total Revenue')).toBe('Revenues')
    expect(lineItemOf('Cost of revenue')).toBe('CostOfGoodsAndServicesSold')
    expect(lineItemOf('Income (loss) from operations')).toBe('OperatingIncomeLoss')
    expect(lineItemOf('Net loss attributable to common stockholders and comprehensive loss')).toBe(
      'NetIncomeLoss',
    )
    expect(lineItemOf('Net loss per share attributable to common stockholders, basic and diluted')).toBe(
      'EarningsPerShareDiluted',
    )
    expect(lineItemOf('Net cash used in operating activities')).toBe(
      'NetCashProvidedByUsedInOperatingActivities',
    )
    // Another line item that shares a word, or the residual "other" line, is not the caption's.
    expect(lineItemOf('Other assets')).toBeNull()
    expect(lineItemOf('Deferred revenue')).toBeNull()
    expect(lineItemOf('Advertising services')).toBeNull()
    // "Cash" printed as a row is the deposits inside the total, not cash and cash equivalents.
    expect(lineItemOf('Total cash and cash equivalents')).toBe('CashAndCashEquivalentsAtCarryingValue')
    expect(lineItemOf('Cash')).toBeNull()
    // The cash flow statement's total with restricted cash (ASC 230 since ASU 2016-18) is a larger
    // figure of its own, not the balance sheet's cash and cash equivalents its label starts with.
    expect(lineItemOf('Cash, cash equivalents and restricted cash at end of period')).toBe(
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    )
    expect(lineItemOf('Cash, cash equivalents, and restricted cash, end of year')).toBe(
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    )
    // So is the subtotal with the short-term investments beside them (Facebook's selected data).
    expect(lineItemOf('Cash, cash equivalents, and marketable securities')).toBe(
      'CashCashEquivalentsAndShortTermInvestments',
    )
    expect(lineItemOf('Cash and cash equivalents at end of period')).toBe(
      'CashAndCashEquivalentsAtCarryingValue',
    )
  })

  it('names a line item by all of a caption’s words in any order, or by its verb', () => {
    const named = (text: string) => [...namedLineItems(new Set(keywordTerms(text)))]
    expect(named('By how much did total assets grow?')).toEqual(['Assets'])
    expect(named('According to the cash flow statement, how much cash did operations use?')).toEqual([
      'NetCashProvidedByUsedInOperatingActivities',
    ])
    expect(named('How much money did it lose in 2023?')).toEqual(['NetIncomeLoss'])
    // A reader's name for it: "cash" asks for cash and cash equivalents, unless a longer caption
    // holds the word ("operating cash flow").
    expect(named('How much cash did it have at mid-2024?')).toEqual(['CashAndCashEquivalentsAtCarryingValue'])
    expect(named('How much cash did operations generate, per the cash flow statement?')).toEqual([
      'NetCashProvidedByUsedInOperatingActivities',
    ])
    // A caption inside a longer caption named by the same words is the longer one's.
    expect(named('What was the cost of revenue?')).toEqual(['CostOfGoodsAndServicesSold'])
    expect(named('Who audits the company?')).toEqual([])
  })
})

describe('lineItemsNamed', () => {
  it('reads the captions a text prints in order, as printed', () => {
    const named = lineItemsNamed('Net revenues and cost of revenue')
    expect([...named.keys()]).toEqual(expect.arrayContaining(['Revenues', 'CostOfGoodsAndServicesSold']))
    expect(named.get('CostOfGoodsAndServicesSold')).toBe('cost of revenue')
    expect(lineItemsNamed("What was Pandora's total revenue for fiscal 2011?").get('Revenues')).toBe(
      'total revenue',
    )
  })
  it('names nothing for a table of pay, whose "Total" is no line item', () => {
    expect(lineItemsNamed('Salary Bonus Total').size).toBe(0)
    // The words of a caption out of order are not the caption printed.
    expect(lineItemsNamed('revenue cost').has('CostOfGoodsAndServicesSold')).toBe(false)
  })
})
