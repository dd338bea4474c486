import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { findCell, rowText, type Table } from '@asks1/shared/contract/tables'
import { describe, expect, it } from 'vitest'
import { htmlLines } from '../src/html'
import { type Line, linesOfPage, type Segment } from '../src/layout'
import { extractPdf } from '../src/pdf'
import { readPagesFromData, toRecords } from '../src/read'
import { readHtmlTables, readPdfTables } from '../src/tables'
import { cleanLabel, resolvePeriod } from '../src/tables/common'
import { pdfTables } from '../src/tables/pdf-tables'
import { bytes, FACEBOOK_PDF, FIXTURES, PANDORA_HTM } from './helpers'

const values = (t: Table, label: string) => t.rows.find((r) => r.label === label)?.cells.map((c) => c.value)

/** Tables of an EDGAR `<table>` snippet cut from a dev filing (fixtures/tables/*.htm), read as one page. */
function htmlSnippetTables(name: string): Table[] {
  const { lines } = htmlLines(readFileSync(join(FIXTURES, 'tables', name), 'utf8'))
  const raw = [
    { label: 'F-19', seq: 'F' as const, lines, physical: [1], interpolated: false, fallback: false },
  ]
  return readHtmlTables(raw).get('F-19') ?? []
}

describe('periods and labels', () => {
  it('resolves multi-line headers to periods', () => {
    expect(resolvePeriod('Year Ended December 31, 2015')).toBe('Year ended December 31, 2015')
    expect(resolvePeriod('Six Months Ended June 30, 2016 (unaudited)')).toBe('Six months ended June 30, 2016')
    expect(resolvePeriod('Fiscal Year Ended January 31, 2010')).toBe('Fiscal year ended January 31, 2010')
    expect(resolvePeriod('December 31, 2023')).toBe('December 31, 2023')
    expect(resolvePeriod('2011')).toBe('2011')
    expect(resolvePeriod('2010 to 2011 % Change')).toBeNull()
    expect(resolvePeriod('Pro Forma')).toBeNull()
  })
  it('strips footnote markers from labels', () => {
    expect(cleanLabel('Cost of revenue (1)')).toBe('Cost of revenue')
    expect(cleanLabel('Costs and expenses (1):')).toBe('Costs and expenses:')
    expect(cleanLabel('Net income*')).toBe('Net income')
  })
})

describe('PDF tables (facebook-s1.pdf, Chrome-printed)', () => {
  it('reads the statement of income on p.F-4 with periods, units and per-share rows', async () => {
    const [page] = await extractPdf(bytes(FACEBOOK_PDF), { pages: [161] })
    const [t] = pdfTables(linesOfPage(page as never), 'F-4')
    expect(t?.title).toBe('CONSOLIDATED STATEMENTS OF INCOME')
    expect(t?.units).toMatchObject({ label: 'millions', scale: 1e6, exceptPerShare: true })
    expect(t?.columns.map((c) => c.period)).toEqual([
      'Year ended December 31, 2009',
      'Year ended December 31, 2010',
      'Year ended December 31, 2011',
    ])
    const table = t as Table
    expect(values(table, 'Revenue')).toEqual([777e6, 1974e6, 3711e6])
    expect(values(table, 'Interest expense')).toEqual([-10e6, -22e6, -42e6])
    expect(values(table, 'Diluted')).toEqual([0.1, 0.28, 0.46])
    // "$ —" is an empty cell, not a zero.
    expect(table.rows.find((r) => r.label === 'Cost of revenue' && r.cells[0]?.value === null)).toBeTruthy()
    expect(rowText(table, table.rows[0] as never)).toBe(
      'CONSOLIDATED STATEMENTS OF INCOME. Revenue — Year ended December 31, 2009: $777 million; Year ended December 31, 2010: $1,974 million; Year ended December 31, 2011: $3,711 million',
    )
    expect(findCell([table], 'revenue', 'December 31, 2011')?.cell.value).toBe(3711e6)
    expect(findCell([table], 'net income', '2010')?.cell.text).toBe('$ 606')
  })

  it('resolves a header spanning eight quarters, past section headings, on p.54', async () => {
    const [page] = await extractPdf(bytes(FACEBOOK_PDF), { pages: [61] })
    const [t] = pdfTables(linesOfPage(page as never), '54')
    expect(t?.columns.map((c) => c.period).slice(0, 2)).toEqual([
      'Three months ended Mar 31, 2010',
      'Three months ended Jun 30, 2010',
    ])
    expect(values(t as Table, 'Total revenue')?.at(-1)).toBe(1131e6)
  })

  it('reads no table from a page of prose', async () => {
    const [page] = await extractPdf(bytes(FACEBOOK_PDF), { pages: [10] })
    expect(pdfTables(linesOfPage(page as never), '3')).toEqual([])
  })
})

const seg = (text: string, x0: number, x1: number): Segment => ({ text, x0, x1 })
const line = (page: number, y: number, segments: Segment[]): Line => ({
  text: segments.map((s) => s.text).join(' '),
  page,
  segments,
  geo: {
    x0: segments[0]?.x0 ?? 0,
    x1: segments.at(-1)?.x1 ?? 0,
    y,
    fontSize: 9,
    pageWidth: 612,
    pageHeight: 792,
  },
})

describe('a statement printed with dot leaders (as 10-K printers set them)', () => {
  it('takes the figure run into the leaders as a cell and the leaders off the label', () => {
    const page = [
      line(1, 700, [seg('(In thousands)', 200, 300)]),
      line(1, 690, [seg('Year Ended December 31,', 400, 520)]),
      line(1, 680, [seg('2013', 420, 440), seg('2012', 500, 520)]),
      line(1, 670, [
        seg('Revenue ........................ $', 40, 380),
        seg('664,890', 400, 440),
        seg('$', 470, 475),
        seg('316,933', 480, 520),
      ]),
      line(1, 660, [seg('Cost of revenue ............... 266,718', 40, 440), seg('128,768', 480, 520)]),
      line(1, 650, [seg('Other ...........', 40, 200), seg('12', 430, 440), seg('—', 510, 520)]),
    ]
    const [t] = pdfTables(page, '69')
    expect(t?.columns.map((c) => c.period)).toEqual([
      'Year ended December 31, 2013',
      'Year ended December 31, 2012',
    ])
    expect(t?.rows.map((r) => r.label)).toEqual(['Revenue', 'Cost of revenue', 'Other'])
    expect(values(t as Table, 'Other')).toEqual([12_000, null])
    expect(values(t as Table, 'Revenue')).toEqual([664_890_000, 316_933_000])
    expect(values(t as Table, 'Cost of revenue')).toEqual([266_718_000, 128_768_000])
  })
})

describe('a table continued across a page break', () => {
  it('keeps each row on its own printed page, with the first part’s columns and units', () => {
    const first = [
      line(1, 700, [seg('Statements of Operations', 200, 330)]),
      line(1, 690, [seg('(in thousands)', 230, 300)]),
      line(1, 680, [seg('Year Ended December 31,', 420, 540)]),
      line(1, 670, [seg('2014', 440, 460), seg('2015', 520, 540)]),
      line(1, 660, [seg('Revenue', 40, 80), seg('$ 120,001', 420, 460), seg('$ 166,919', 500, 540)]),
      line(1, 650, [seg('Cost of revenue', 40, 110), seg('50,000', 430, 460), seg('61,200', 510, 540)]),
    ]
    const second = [
      line(2, 700, [seg('Net loss', 40, 80), seg('(27,474 )', 425, 461), seg('(3,100 )', 505, 541)]),
      line(2, 690, [seg('Other', 40, 70), seg('—', 450, 460), seg('12', 530, 540)]),
    ]
    const raw = [
      { label: 'F-4', seq: 'F' as const, lines: first, physical: [1], interpolated: false, fallback: false },
      { label: 'F-5', seq: 'F' as const, lines: second, physical: [2], interpolated: false, fallback: false },
    ]
    const tables = readPdfTables(raw)
    const a = tables.get('F-4')?.[0] as Table
    const b = tables.get('F-5')?.[0] as Table
    expect(values(a, 'Revenue')).toEqual([120_001_000, 166_919_000])
    expect(b.continued).toBe(true)
    expect(b.columns).toEqual(a.columns)
    expect(b.rows.map((r) => r.page)).toEqual(['F-5', 'F-5'])
    expect(values(b, 'Net loss')).toEqual([-27_474_000, -3_100_000])
    expect(values(b, 'Other')).toEqual([null, 12_000])
  })
})

describe('HTML tables (EDGAR markup)', () => {
  it('reads pandora-s1.htm statements from <table> markup with colspan headers', async () => {
    const { pages } = await readPagesFromData(bytes(PANDORA_HTM), 'pandora-s1.htm')
    const f4 = pages.find((p) => p.label === 'F-4')
    const t = f4?.tables?.find((x) => x.rows.some((r) => r.label === 'Total revenue')) as Table
    expect(t.units).toMatchObject({ scale: 1e3, exceptPerShare: true })
    expect(t.columns.map((c) => c.period)).toEqual([
      'Fiscal year ended January 31, 2008',
      'Fiscal year ended January 31, 2009',
      'Fiscal year ended January 31, 2010',
      'Nine months ended October 31, 2009',
      'Nine months ended October 31, 2010',
    ])
    expect(values(t, 'Total revenue')).toEqual([14_299_000, 19_333_000, 55_189_000, 31_352_000, 90_123_000])
    const eps = t.rows.find((r) => /per share/i.test(r.label))
    expect(eps?.cells[2]?.value).toBe(-3.84)
    // The page's text is untouched: tables are an additional reading.
    expect(f4?.text).toContain('Total revenue')
  }, 60_000)

  it('keeps a per-share row in dollars in a table "(in thousands)" (pandora p.48)', () => {
    const [t] = htmlSnippetTables('pandora-results.htm')
    expect(t?.units).toMatchObject({ scale: 1e3, exceptPerShare: false })
    expect(values(t as Table, 'Basic and diluted loss per share')?.slice(0, 3)).toEqual([-3.8, -5.45, -3.84])
    expect(values(t as Table, 'Total revenue')?.slice(0, 3)).toEqual([14_299_000, 19_333_000, 55_189_000])
  })

  it('drops footnote markers EDGAR sets as <sup> in cells of their own (pandora p.94)', () => {
    const [t] = htmlSnippetTables('pandora-compensation.htm')
    const texts = t?.rows.flatMap((r) => r.cells.map((c) => c.text)) ?? []
    expect(texts.filter((x) => /^\(\d\)$/.test(x))).toEqual([])
    expect(t?.rows.flatMap((r) => r.cells.map((c) => c.value)).filter((v) => v !== null && v < 0)).toEqual([])
    expect(t?.columns.map((c) => c.label.replace(/\(\d\)/g, '').trim())).toEqual([
      'Fiscal Year',
      'Salary ($)',
      'Bonus ($)',
      'Option Awards ($)',
      'Non-Equity Incentive Plan Compensation ($)',
      'All Other Compensation ($)',
      'Total ($)',
    ])
    expect(values(t as Table, 'Joseph Kennedy')).toEqual([2011, 325_000, 175_000, null, null, 3_829, 503_829])
  })

  it('expands rowspan so a two-row header sits over its figures (camp4 F-19 finance leases)', () => {
    const t = htmlSnippetTables('camp4-finance-leases.htm')[0]
    expect(t?.columns.map((c) => c.period)).toEqual([
      'Year ended December 31, 2023',
      'Year ended December 31, 2022',
    ])
    expect(values(t as Table, 'Total finance lease cost')).toEqual([179, 81])
    // A "Classification" text column joins the label, as on the PDF page.
    expect(values(t as Table, 'Amortization of right-of-use assets Depreciation and amortization')).toEqual([
      146, 69,
    ])
  })

  it('reads each header block of one <table> as its own table (facebook F-19 fair values)', () => {
    const [y2011, y2010] = htmlSnippetTables('facebook-fair-value.htm')
    expect(y2011?.columns[0]?.period).toBe('December 31, 2011')
    expect(y2010?.columns[0]?.period).toBe('December 31, 2010')
    expect(values(y2010 as Table, 'Money market funds')?.[0]).toBe(1450)
  })

  it('never stops on a malformed table, reads the good one beside it, and keeps the text', async () => {
    const html = `<html><body><p>Intro</p><table><tr><td colspan="zz">Revenue</td><td>$</td><td>1,2</td></tr>
      <tr><td rowspan="-4">Total</td><td colspan="-3">(</td></tr><tr><td rowspan="99999"><table><tr><td>9</td></tr></table></td></tr>
      <tr><td>Cost<td>(5<td>%)</tr></table>
      <table><tr><td></td><td colspan="2">2010</td><td colspan="2">2011</td></tr>
      <tr><td>Revenue</td><td>$</td><td>1,974</td><td>$</td><td>3,711</td></tr>
      <tr><td>Net income</td><td></td><td>606</td><td></td><td>1,000</td></tr></table><p>1</p><hr/></body></html>`
    const debug: string[] = []
    const { pages } = await readPagesFromData(new TextEncoder().encode(html), 'bad.html', {
      onDebug: (m) => debug.push(m),
    })
    const all = pages.flatMap((p) => p.tables ?? [])
    const good = all.find((t) => t.columns.some((c) => c.period === '2011'))
    expect(good?.columns.map((c) => c.period)).toEqual(['2010', '2011'])
    expect(values(good as Table, 'Revenue')).toEqual([1974, 3711])
    expect(pages.map((p) => p.text).join('\n')).toContain('Intro')
    expect(pages.map((p) => p.text).join('\n')).toContain('Net income')
    expect(debug).toEqual([])
  })

  it('skips a table whose reading throws, logs it at debug and reads the others', () => {
    const good = htmlLines(
      '<table><tr><td></td><td>2010</td><td>2011</td></tr><tr><td>Revenue</td><td>1,974</td><td>3,711</td></tr><tr><td>Cost</td><td>5</td><td>7</td></tr></table>',
    ).lines
    // A row whose cell carries no text at all: no parser makes one, a broken caller might.
    const broken: Line = {
      text: 'x',
      page: 1,
      row: { table: 9, cells: [{ text: null as never, col: 0, span: 1 }] },
    }
    const raw = [
      {
        label: '1',
        seq: 'arabic' as const,
        lines: [broken, ...good],
        physical: [1],
        interpolated: false,
        fallback: false,
      },
    ]
    const debug: string[] = []
    const tables = readHtmlTables(raw, (m) => debug.push(m)).get('1') ?? []
    expect(tables.map((t) => values(t, 'Revenue'))).toEqual([[1974, 3711]])
    expect(debug).toEqual([expect.stringMatching(/^table 9: no table read/)])
  })
})

describe('a PDF page whose layout defeats the reader', () => {
  it('keeps its text, gets no table and is logged at debug; the next page is read', () => {
    const tableLines = [
      line(2, 700, [seg('Year Ended December 31,', 420, 540)]),
      line(2, 690, [seg('2014', 440, 460), seg('2015', 520, 540)]),
      line(2, 680, [seg('Revenue', 40, 80), seg('$ 120,001', 420, 460), seg('$ 166,919', 500, 540)]),
      line(2, 670, [seg('Cost of revenue', 40, 110), seg('50,000', 430, 460), seg('61,200', 510, 540)]),
    ]
    // Segments the reader cannot use (no text): a producer bug must not cost the page its text.
    const defeating: Line = {
      ...line(1, 700, [seg('Revenue 1,000 2,000', 40, 540)]),
      segments: [null as never],
    }
    const raw = [
      {
        label: '1',
        seq: 'arabic' as const,
        lines: [defeating],
        physical: [1],
        interpolated: false,
        fallback: false,
      },
      {
        label: '2',
        seq: 'arabic' as const,
        lines: tableLines,
        physical: [2],
        interpolated: false,
        fallback: false,
      },
    ]
    const debug: string[] = []
    const pages = toRecords(raw, 'pdf', undefined, (m) => debug.push(m))
    expect(pages.map((p) => p.label)).toEqual(['1', '2'])
    expect(pages[0]?.text).toBe('Revenue 1,000 2,000')
    expect(pages[0]?.tables).toBeUndefined()
    expect(values(pages[1]?.tables?.[0] as Table, 'Revenue')).toEqual([120_001, 166_919])
    expect(debug).toEqual([expect.stringMatching(/^p\.1: no table read/)])
  })

  it('reads no table from numbers scattered over a chart', () => {
    const chart = [
      line(1, 700, [seg('Monthly active users (in millions)', 200, 400)]),
      line(1, 680, [seg('845', 120, 135)]),
      line(1, 660, [seg('680', 300, 315), seg('2011', 500, 520)]),
      line(1, 640, [seg('431', 60, 75)]),
      line(1, 620, [seg('2009', 90, 110), seg('2010', 290, 310)]),
    ]
    expect(pdfTables(chart, '1')).toEqual([])
  })
})
