import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { describe, expect, it } from 'vitest'
import { clip, clipWindow, MAX_QUOTE, tableRows } from '../src/answer/clip'

const terms = (s: string) => keywordTerms(s).filter((t) => !t.includes(' '))

/** A cash flow statement flattened onto one line, as an HTML filing's table reads once extracted. */
const CASH_FLOWS = [
  'Consolidated Statements of Cash Flows (In thousands) Year ended December 31, 2023 2022',
  'Operating Activities Net loss $ (49,291) $ (44,192)',
  'Adjustments to reconcile net loss to net cash used in operating activities: Depreciation and amortization 1,678 878',
  'Stock-based compensation expense 2,907 1,377',
  'Changes in operating assets and liabilities: Prepaid and other current assets (420) (630)',
  'Accounts payable (1,115) 1,331',
  'Net cash used in operating activities (44,155) (38,543)',
  'Investing Activities Purchases of property and equipment (678) (4,025)',
  'Net cash used in investing activities (678) (4,025)',
  'Proceeds from exercise of common stock options 185 55',
  'Principal payments on finance leases (322) (93)',
  'Net cash provided by financing activities 301 100,157',
  'Net (decrease) increase in cash, cash equivalent and restricted cash (44,532) 57,589',
  'Cash, cash equivalents and restricted cash at beginning of year 84,536 26,947',
  'Cash, cash equivalents and restricted cash at end of period $ 40,004 $ 84,536',
  'Supplemental disclosure of cash flow information: Operating lease right-of-use asset obtained in exchange for lease liabilities $ 1,397 $ 12,449',
].join(' ')

describe('clipWindow', () => {
  it('starts and ends a quote on a word', () => {
    // Words of odd lengths, so a window cut by character count alone lands inside one.
    const words = Array.from({ length: 400 }, (_, i) => `w${'x'.repeat(i % 7)}${i}`)
    const text = `${words.slice(0, 200).join(' ')} revenue ${words.slice(200).join(' ')}`
    const { from, to } = clipWindow(text, terms('revenue'))
    expect(to - from).toBeLessThanOrEqual(MAX_QUOTE)
    expect(text.slice(from, to)).toContain('revenue')
    expect(text[from - 1]).toBe(' ')
    expect(text[to]).toBe(' ')
    expect(text[to - 1]).not.toBe(' ')
  })
  it('begins at the list item or clause the question’s terms are in', () => {
    const filler =
      'the trading price of our common stock may fluctuate for reasons beyond our control, '.repeat(6)
    const text = `Factors include: • ${filler}including: • our financial position, including cash on hand and the lack of an active public market for our shares, ${filler}and others.`
    const out = clip(text, terms('cash on hand'))
    expect(out).toMatch(/^…our financial position/)
  })
  it('quotes the row a flattened table holds the asked line item in, not its header run', () => {
    const q = terms('According to the cash flow statement, how much cash did operations use')
    const { from, to, header } = clipWindow(CASH_FLOWS, q)
    const quoted = CASH_FLOWS.slice(from, to)
    expect(quoted).toContain('Net cash used in operating activities (44,155) (38,543)')
    expect(quoted.startsWith('Operating Activities Net loss')).toBe(true)
    // It ends after a row's last cell, and the header it leaves out is given for the ranker.
    expect(quoted).toMatch(/\d\)?$/)
    expect(CASH_FLOWS.slice(header?.from, header?.to)).toContain('Statements of Cash Flows (In thousands)')
  })
  it('ends a table’s window at the page break after its first row', () => {
    const at = CASH_FLOWS.indexOf('Net cash used in investing')
    const { to } = clipWindow(CASH_FLOWS, terms('cash used in operating activities'), [at])
    expect(to).toBeLessThanOrEqual(at)
    expect(CASH_FLOWS.slice(0, to)).toContain('(4,025)')
  })
})

describe('tableRows', () => {
  it('splits a flattened table at the label after each row’s last cell', () => {
    const rows = tableRows(CASH_FLOWS).map((r) => ({ text: CASH_FLOWS.slice(r.from, r.to), data: r.data }))
    expect(rows[0]).toEqual({
      text: 'Consolidated Statements of Cash Flows (In thousands) Year ended December 31, 2023 2022',
      data: false,
    })
    expect(rows).toContainEqual({ text: 'Accounts payable (1,115) 1,331', data: true })
    expect(rows.filter((r) => r.data)).toHaveLength(15)
  })
  it('does not read a sentence’s figures or a date’s day as table cells', () => {
    const sentence =
      'As of December 31, 2013, we had $841 million in cash, an increase of 12% over the prior year, and 2,712 full-time employees.'
    expect(tableRows(sentence).filter((r) => r.data)).toEqual([])
  })
})
