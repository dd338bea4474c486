/**
 * The PDF table reader on real pages of the three dev filings and the Twitter 10-K: the lines pdf.js reads on them,
 * kept in fixtures/tables/*.pages.json (made by fixtures/make-table-fixtures.ts from the
 * Chrome-printed PDFs), each page chosen for a layout the reader once got wrong.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Table } from '@asks1/shared/contract/tables'
import { describe, expect, it } from 'vitest'
import type { Line } from '../src/layout'
import type { RawPage } from '../src/paging'
import { readPdfTables } from '../src/tables'
import { FIXTURES } from './helpers'

interface FixturePage {
  label: string
  physical: number[]
  lines: Line[]
}

const fixture = (id: string): FixturePage[] =>
  (JSON.parse(readFileSync(join(FIXTURES, 'tables', `${id}.pages.json`), 'utf8')) as { pages: FixturePage[] })
    .pages

/** The tables read on one printed page, as ingest reads them (continuations on the page included). */
function tablesOn(id: string, label: string): Table[] {
  const page = fixture(id).find((p) => p.label === label)
  if (!page) throw new Error(`no fixture page ${id} p.${label}`)
  const raw: RawPage = {
    label,
    seq: 'arabic',
    lines: page.lines,
    physical: page.physical,
    interpolated: false,
    fallback: false,
  }
  return readPdfTables([raw]).get(label) ?? []
}

const row = (t: Table | undefined, label: string | RegExp) =>
  t?.rows.find((r) => (typeof label === 'string' ? r.label === label : label.test(r.label)))
const values = (t: Table | undefined, label: string | RegExp) => row(t, label)?.cells.map((c) => c.value)
const periods = (t: Table | undefined) => t?.columns.map((c) => c.period)

describe('row labels', () => {
  it('joins a wrapped label whose next line starts with a capital after "as of" (facebook F-3)', () => {
    const [t] = tablesOn('facebook-s1', 'F-3')
    expect(
      values(
        t,
        'Accounts receivable, net of allowances for doubtful accounts of $11 and $17 as of December 31, 2010 and 2011, respectively',
      ),
    ).toEqual([373e6, 547e6, 547e6])
    expect(periods(t)).toEqual(['December 31, 2010', 'December 31, 2011', 'December 31, 2011'])
  })

  it('keeps a hanging indent as one label (pandora F-3)', () => {
    const [t] = tablesOn('pandora-s1', 'F-3')
    const preferred = row(t, /^Redeemable convertible preferred stock, \$0\.0001 par value/)
    expect(preferred?.label).toContain('no shares outstanding October 31, 2010, pro forma (unaudited)')
    expect(preferred?.cells.map((c) => c.value).slice(0, 3)).toEqual([62_560_000, 104_806_000, 124_497_000])
  })

  it('reads a capitalization label split by blanks left for the offering, and wide label lines (pandora p.39)', () => {
    const [t] = tablesOn('pandora-s1', '39')
    expect(periods(t)).toEqual(['October 31, 2010'])
    const common = row(t, /^Common stock, \$0\.0001 par value; 220,000,000 shares/)
    expect(common?.label).toMatch(
      /pro forma; shares authorized and shares issued and outstanding, pro forma as adjusted$/,
    )
    expect(common?.cells[0]?.value).toBe(1000)
    expect(values(t, /^Redeemable convertible preferred stock/)).toEqual([124_497_000])
    expect(values(t, 'Total capitalization')).toEqual([41_645_000])
  })

  it('starts a label on the line between the header and the first row (pandora F-29)', () => {
    const t = tablesOn('pandora-s1', 'F-29')[1]
    expect(
      values(
        t,
        'Weighted-average common shares outstanding used in computing basic and diluted net loss per share (in thousands)',
      ),
    ).toEqual([4_671_000, 5_881_000, 6_482_000, 6_280_000, 10_137_000])
  })

  it('wraps a text column into its own cell of the label (camp4 F-47)', () => {
    const [t] = tablesOn('camp4-424b4', 'F-47')
    expect(values(t, 'Amortization of right-of-use assets Depreciation and amortization')).toEqual([
      98_000, 58_000,
    ])
    expect(periods(t)).toEqual(['Six months ended June 30, 2024', 'Six months ended June 30, 2023'])
  })
})

describe('headers and periods', () => {
  it('gives a lone date to capitalization columns that name no year (camp4 p.14, facebook p.36)', () => {
    const [camp4] = tablesOn('camp4-424b4', '14')
    expect(periods(camp4)).toEqual(['June 30, 2024', 'June 30, 2024', 'June 30, 2024'])
    expect(values(camp4, 'Convertible preferred stock')).toEqual([162_147_000, null, null])
    const [fb] = tablesOn('facebook-s1', '36')
    expect(periods(fb)).toEqual(['December 31, 2011', 'December 31, 2011'])
    expect(values(fb, 'Total capitalization')).toEqual([4_899e6, 5_228e6])
  })

  it('skips a stub header left of the columns (facebook p.106)', () => {
    const [t] = tablesOn('facebook-s1', '106')
    expect(t?.columns).toEqual([{ label: '2011 Base Salary', period: '2011' }])
    expect(values(t, 'Mark Zuckerberg')).toEqual([500_000])
  })

  it('spreads a centred header over the four columns it is centred on (pandora p.43)', () => {
    const t = tablesOn('pandora-s1', '43')[1]
    expect(periods(t)).toEqual([
      'January 31, 2007',
      'January 31, 2008',
      'January 31, 2009',
      'January 31, 2010',
      'October 31, 2010',
    ])
    expect(values(t, 'Total assets')).toEqual([29_706_000, 18_629_000, 16_685_000, 40_277_000, 83_708_000])
  })

  it('splits two dates printed without a gap (camp4 F-45)', () => {
    const tables = tablesOn('camp4-424b4', 'F-45')
    expect(tables.map((t) => t.title)).toEqual([
      '4. Prepaid expenses and other current assets',
      '5. Property and equipment, net',
      '6. Accrued expenses and other current liabilities',
    ])
    for (const t of tables) expect(periods(t)).toEqual(['June 30, 2024', 'December 31, 2023'])
    expect(values(tables[2], 'Total accrued expenses')).toEqual([2_930_000, 3_302_000])
  })
})

describe('where a table ends', () => {
  it('ends a table at a new header block (pandora p.10: key metrics, then balance sheet data)', () => {
    const tables = tablesOn('pandora-s1', '10')
    expect(tables).toHaveLength(3)
    expect(values(tables[0], 'Listener hours (in billions)')).toEqual([1e9, 2.1e9, 1.4e9, 2.6e9])
    expect(periods(tables[1])).toEqual(['October 31, 2010'])
    expect(values(tables[1], 'Cash and cash equivalents')).toEqual([40_782_000])
    expect(values(tables[2], 'Cost of revenue')).toEqual([10_000, 14_000, 18_000, 13_000, 46_000])
  })

  it('reads a footnote table in smaller type apart, with the columns of the table above (pandora p.55)', () => {
    const [main, footnote] = tablesOn('pandora-s1', '55')
    expect(values(main, 'Net income (loss)')).toEqual([-169, -65, -17, 8, -14, 5, 3])
    expect(values(main, 'Registered users (end of period, in millions)')?.[0]).toBe(26e6)
    // A row stating its own units ("in billions") does not lend them to the footnote's rows.
    expect(values(footnote, 'Product development')).toEqual([0.2, 0.2, 0.3, 0.2, 0.2, 0.1, 0.3])
    expect(footnote?.columns).toEqual(main?.columns)
  })

  it('reads two fair-value tables stacked, the second in the first one’s units (facebook F-19)', () => {
    const [y2011, y2010, maturities] = tablesOn('facebook-s1', 'F-19')
    expect(periods(y2011)?.[0]).toBe('December 31, 2011')
    expect(periods(y2010)?.[0]).toBe('December 31, 2010')
    expect(values(y2010, 'Money market funds')?.[0]).toBe(1_450e6)
    expect(values(maturities, 'Due in one year')).toEqual([1_964e6])
  })
})

describe('cells and units', () => {
  it('cuts cells glued together ("—$", "$ (24,606)$") (camp4 p.13)', () => {
    const [t] = tablesOn('camp4-424b4', '13')
    expect(periods(t)).toEqual([
      'Six months ended June 30, 2024',
      'Six months ended June 30, 2023',
      'Year ended December 31, 2023',
      'Year ended December 31, 2022',
    ])
    expect(values(t, 'Research and collaboration revenue')).toEqual([null, null, 350_000, null])
    expect(values(t, 'Net Loss')).toEqual([-25_028_000, -24_606_000, -49_291_000, -44_192_000])
  })

  it('cuts a percentage glued to an amount ("64.0% $188,257,160") (camp4 p.90)', () => {
    const [t] = tablesOn('camp4-424b4', '90')
    expect(values(t, 'Existing stockholders')).toEqual([12_139_459, 64, 188_257_160, 71.5, 15.51])
  })

  it('cuts a row printed as one run of text, leaders and figures, into its columns (twitter p.57)', () => {
    // "Total revenue....... $ 242,675 $168,580 … $ 54,313" is one pdf.js item: the figures sit in
    // the eight quarter columns the other rows print apart, not in the label or in new columns.
    const [t] = tablesOn('twitter-10k-2013', '57')
    expect(t?.columns).toHaveLength(8)
    expect(periods(t)?.[0]).toBe('Three months ended Dec. 31, 2013')
    expect(values(t, 'Total revenue')).toEqual(
      [242_675, 168_580, 139_292, 114_343, 112_247, 82_327, 68_046, 54_313].map((v) => v * 1000),
    )
    expect(values(t, 'Net loss')).toEqual(
      [511_471, 64_601, 42_225, 27_026, 8_705, 21_590, 27_583, 21_521].map((v) => -v * 1000),
    )
    expect(values(t, 'Adjusted EBITDA')?.slice(2, 5)).toEqual([9_647_000, 11_745_000, 17_571_000])
  })

  it('reads units whose caption wraps, and a "$" printed at the label’s end (camp4 F-28)', () => {
    const [t] = tablesOn('camp4-424b4', 'F-28')
    expect(t?.units).toMatchObject({ scale: 1e3, exceptPerShare: true, exceptShares: true })
    expect(values(t, 'Net loss per share attributable to common stockholders, basic and diluted')).toEqual([
      -124.8, -141.51,
    ])
    expect(
      row(t, 'Net loss per share attributable to common stockholders, basic and diluted')?.cells[0]?.text,
    ).toBe('$ (124.80)')
  })

  it('joins a label wrapped after "as of" and "and" (camp4 F-30)', () => {
    const [t] = tablesOn('camp4-424b4', 'F-30')
    expect(
      values(
        t,
        'Convertible preferred stock, $0.0001 par value; 149,673,284 shares authorized as of June 30, 2024 and December 31, 2023; 130,648,426 shares issued and outstanding as of June 30, 2024 and December 31, 2023; liquidation preference of $162,885 as of June 30, 2024 and December 31, 2023',
      ),
    ).toEqual([162_147_000, 162_147_000])
  })
})

describe('units: per-share rows and share counts', () => {
  it('keeps a per-share row in dollars under a bare "(in thousands)" (pandora p.48)', () => {
    const [t] = tablesOn('pandora-s1', '48')
    expect(t?.units).toMatchObject({ scale: 1e3, exceptPerShare: false, exceptShares: false })
    expect(values(t, 'Basic and diluted loss per share')?.slice(0, 3)).toEqual([-3.8, -5.45, -3.84])
    // A row stating its own units keeps them: shares in thousands.
    expect(values(t, /^Weighted-average number of shares used/)?.slice(0, 3)).toEqual([
      4_671_000, 5_881_000, 6_482_000,
    ])
    expect(values(t, 'Total revenue')?.slice(0, 3)).toEqual([14_299_000, 19_333_000, 55_189_000])
  })

  it('scales share counts but not per-share amounts in a note "(in thousands)" (pandora F-31)', () => {
    const t = tablesOn('pandora-s1', 'F-31').find((x) => row(x, /^Shares used in computing basic/))
    expect(values(t, /^Shares used in computing basic and diluted net loss per share/)).toEqual([
      6_482_000, 10_137_000,
    ])
    expect(values(t, /^Pro forma net \(loss\) income per share/)).toEqual([-0.15, 0])
  })

  it('reads a "par value per share" label as an amount in the table’s units (camp4 F-3)', () => {
    const [t] = tablesOn('camp4-424b4', 'F-3')
    expect(values(t, /^Common stock, \$0\.0001 par value per share/)).toEqual([1_000, 1_000])
    expect(values(t, /^Convertible preferred stock, \$0\.0001 par value per share/)).toEqual([
      162_147_000, 162_147_000,
    ])
  })
})
