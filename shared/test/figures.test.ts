import { describe, expect, it } from 'vitest'
import { figureAppears } from '../src/contract/citations'
import {
  derivedFrom,
  endsInFigureCells,
  type Figure,
  figureCellsEnd,
  figureEquals,
  figureOnPage,
  figureStates,
  formatFigure,
  isEmptyCell,
  MONEY_TOKEN_SOURCE,
  moneyTokenParts,
  PERCENT_TOKEN_SOURCE,
  parseFigure,
  parseFigures,
  parseUnits,
  percentTokenNumber,
  printedAs,
  scaleByUnits,
} from '../src/contract/figures'
import type { Table } from '../src/contract/tables'
import { moneyCells, periodSpan, rowText, tableFigures } from '../src/contract/tables'
import fixture from './fixtures/figure-pages.json' with { type: 'json' }

const pages = fixture.pages as Record<string, Record<string, string>>
const tables = fixture.tables as unknown as Record<string, Record<string, Table[]>>
/** Whether a quote is on a real page as the server checks it: its text and its tables' cells. */
const onPage = (filing: string, label: string, text: string): boolean =>
  figureOnPage(quote(text), page(filing, label), tableFigures(tables[filing]?.[label] ?? [], label))
const page = (filing: string, label: string): string => {
  const text = pages[filing]?.[label]
  if (!text) throw new Error(`fixture lacks ${filing} p.${label}`)
  return text
}
const quote = (text: string): Figure => {
  const f = parseFigures(text)[0]
  if (!f) throw new Error(`no figure in ${text}`)
  return f
}
const cell = (text: string, units: string, row = ''): Figure => {
  const f = parseFigure(text)
  if (!f) throw new Error(`not a figure: ${text}`)
  return scaleByUnits(f, parseUnits(units), row)
}

describe('parseFigures', () => {
  it('reads amounts, scale words, percentages, negatives and per-share amounts', () => {
    const found = parseFigures(
      'Revenue was $3,711 million, up 88%; 845 million users; $1.2 billion; a loss of (27,474) and $(1,234); $0.84 per share; 12.5 % or 3.5 percent; $500k.',
    )
    expect(found.map((f) => [f.text, f.kind, f.value])).toEqual([
      ['$3,711 million', 'money', 3_711_000_000],
      ['88%', 'percent', 88],
      ['845 million', 'number', 845_000_000],
      ['$1.2 billion', 'money', 1_200_000_000],
      ['(27,474)', 'number', -27_474],
      ['$(1,234)', 'money', -1_234],
      ['$0.84 per share', 'per-share', 0.84],
      ['12.5 %', 'percent', 12.5],
      ['3.5 percent', 'percent', 3.5],
      ['$500k', 'money', 500_000],
    ])
  })
  it('leaves out years, dates, notes and codes, unless labels are asked for', () => {
    const text = 'As of December 31, 2011 (see Note 7 and Item 5 of the 10-K, p.F-16), 1,200 shares.'
    expect(parseFigures(text).map((f) => f.text)).toEqual(['1,200'])
    expect(parseFigures(text, { labels: true }).map((f) => f.text)).toEqual(['31', '2011', '7', '5', '1,200'])
  })
  it('leaves out a figure an ellipsis cuts (an extractive quote elides the rest)', () => {
    const texts = (t: string) => parseFigures(t).map((f) => f.text)
    expect(texts('Research and development expenses were $19.1 mi…” [p.97]')).toEqual([])
    expect(texts('Net operating losses $ 18,936 $ 15,…” [p.F-26]')).toEqual(['$ 18,936'])
    expect(texts('“…927 thousand and $5 million')).toEqual(['$5 million'])
    expect(texts('grew 88%… and reached $19.1 million…')).toEqual(['88%', '$19.1 million'])
  })
  it('keeps a figure out of the sentence parentheses around it', () => {
    const [f] = parseFigures('growth (88% in 2011)')
    expect(f?.text).toBe('88%')
    expect(f?.index).toBe(8)
  })
})

describe('parseFigure (a table cell)', () => {
  it('reads printed cells as one figure each', () => {
    expect(parseFigure('$ 3,711')?.value).toBe(3711)
    expect(parseFigure('(27,474 )')?.value).toBe(-27474)
    expect(parseFigure('$ (124.80 )')?.value).toBe(-124.8)
    expect(parseFigure('12.5 %')?.kind).toBe('percent')
    expect(parseFigure('(1)5,850')).toBeNull()
    expect(parseFigure('5,850(1)')?.value).toBe(5850)
  })
  it('treats dashes and words as no figure', () => {
    for (const t of ['—', '$ —', '-', 'NM', 'Revenue', '']) expect(parseFigure(t)).toBeNull()
    expect(isEmptyCell('$ —')).toBe(true)
    expect(isEmptyCell('NM')).toBe(true)
    expect(isEmptyCell('3')).toBe(false)
  })
})

describe('units', () => {
  it('reads captions and their exceptions', () => {
    expect(parseUnits('(In thousands, except share and per share amounts)')).toEqual({
      scale: 1e3,
      label: 'thousands',
      exceptPerShare: true,
      exceptShares: true,
    })
    // "except per share data" exempts per-share amounts, not share counts (Pandora S-1 p.9, Twitter p.89).
    expect(parseUnits('(in thousands, except per share data)')).toMatchObject({
      exceptPerShare: true,
      exceptShares: false,
    })
    expect(parseUnits('(In millions, except per share amounts)')?.exceptShares).toBe(false)
    expect(parseUnits('(in thousands, except share data)')?.exceptShares).toBe(true)
    expect(parseUnits('(In millions, except for number of shares and par value)')?.exceptShares).toBe(true)
    expect(parseUnits('(in millions)')).toMatchObject({ scale: 1e6, exceptPerShare: false })
    expect(parseUnits('(Dollars in thousands)')?.scale).toBe(1e3)
    expect(parseUnits('Total revenue')).toBeNull()
  })
  it('scales plain amounts, never per-share rows, percentages or own scale words', () => {
    const units = '(In thousands, except per share amounts)'
    expect(cell('166,919', units).value).toBe(166_919_000)
    expect(cell('(3.80)', units, 'Basic and diluted net loss per share').value).toBe(-3.8)
    expect(cell('12.5%', units).value).toBe(12.5)
    // Rates, ratios and terms are never amounts ("in thousands except for lease terms and rates").
    expect(cell('3.7', units, 'Weighted-average remaining lease term').value).toBe(3.7)
    expect(cell('6.72', units, 'Weighted-average incremental borrowing rate').value).toBe(6.72)
    expect(cell('500', units, 'Term loan').value).toBe(500_000)
    expect(cell('12', units, 'Interest rate swap').value).toBe(12_000)
    // A per-share amount is in dollars whatever the caption says (Pandora S-1 p.48: "(in thousands)").
    expect(cell('$ (3.80)', '(in thousands)', 'Basic and diluted loss per share').value).toBe(-3.8)
    expect(cell('$ (0.15)', '(in thousands)', 'Basic and diluted (unaudited)').value).toBe(-0.15)
    // Share counts are in the caption's units unless it exempts them; "per share" in their label is
    // their purpose (Twitter 10-K p.89, "in thousands, except per share data").
    const perShareData = '(in thousands, except per share data)'
    const shares = 'Weighted-average shares used to compute basic net loss per share'
    expect(cell('189,510', perShareData, shares).value).toBe(189_510_000)
    expect(cell('189,510', perShareData, 'Basic and diluted').value).toBe(189_510_000)
    expect(cell('476,167', '(In thousands, except share and per share amounts)', shares).value).toBe(476_167)
    // "par value per share" describes the stock: the row is an amount (CAMP4 424B4 p.F-3).
    expect(
      cell(
        '1',
        '(in thousands, except share and per share amounts)',
        'Common stock, $0.0001 par value per share',
      ).value,
    ).toBe(1_000)
    expect(formatFigure(cell('166,919', units))).toBe('166,919 thousand')
    expect(formatFigure(cell('$ (13,988)', units))).toBe('-$13,988 thousand')
  })
})

describe('figureEquals (units and rounding)', () => {
  it('matches the issue examples', () => {
    const inThousands = cell('166,919', '(in thousands)')
    expect(figureEquals(quote('$166.9 million'), inThousands)).toBe(true)
    expect(figureEquals(quote('$170.2 million'), inThousands)).toBe(false)
    expect(figureEquals(quote('$3,711 million'), cell('3,711', '(in millions)'))).toBe(true)
    expect(figureEquals(quote('$3,711 thousand'), cell('3,711', '(in millions)'))).toBe(false)
  })
  it('respects the precision printed, and nothing more (no percentage of slack)', () => {
    const c = cell('3,711', '(in millions)')
    expect(figureEquals(quote('$3.7 billion'), c)).toBe(true)
    expect(figureEquals(quote('$3.8 billion'), c)).toBe(false)
    expect(figureEquals(quote('$4 billion'), c)).toBe(true) // 3.711 rounds to 4
    expect(figureEquals(quote('$4 billion'), cell('4,500', '(in millions)'))).toBe(false) // rounds to 5
    expect(figureEquals(quote('$1 billion'), cell('1,000', '(in millions)'))).toBe(true)
  })
  it('never equates a percentage with an amount', () => {
    expect(figureEquals(quote('88%'), parseFigure('88') as Figure)).toBe(false)
    expect(figureEquals(quote('88%'), parseFigure('88 %') as Figure)).toBe(true)
  })
  it('compares magnitudes: a loss is quoted without its parentheses', () => {
    expect(figureEquals(quote('a net loss of $16.8 million'), cell('$ (16,753)', '(in thousands)'))).toBe(
      true,
    )
  })
})

describe('figures on real pages', () => {
  it('facebook p.50 and p.F-4 (in millions)', () => {
    const p50 = page('facebook-s1', '50')
    expect(figureOnPage(quote('$3,711 million'), p50)).toBe(true)
    expect(figureOnPage(quote('$3.7 billion'), p50)).toBe(true)
    expect(figureOnPage(quote('88%'), p50)).toBe(true)
    expect(figureOnPage(quote('$3,711 thousand'), p50)).toBe(false) // wrong units
    expect(figureOnPage(quote('$3,712 million'), p50)).toBe(false) // wrong figure
    expect(figureOnPage(quote('89%'), p50)).toBe(false)
    const f4 = page('facebook-s1', 'F-4')
    expect(figureOnPage(quote('$1,000 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$1.0 billion'), f4)).toBe(true)
    expect(figureOnPage(quote('$0.46 per share'), f4)).toBe(true)
    expect(figureOnPage(quote('$0.46 billion'), f4)).toBe(false)
    expect(figureOnPage(quote('$0.47 per share'), f4)).toBe(false)
  })
  it('pandora p.F-4 and p.9 (in thousands, except per share)', () => {
    const f4 = page('pandora-s1', 'F-4')
    expect(figureOnPage(quote('$55.2 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$16.8 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$90.1 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$(3.84) per share'), f4)).toBe(true)
    expect(figureOnPage(quote('$55.2 billion'), f4)).toBe(false) // wrong units
    expect(figureOnPage(quote('$57.2 million'), f4)).toBe(false) // wrong figure
    // p.9 prints footnote markers glued to cells: "(1)5,850".
    expect(figureOnPage(quote('$5.9 million'), page('pandora-s1', '9'))).toBe(true)
  })
  it('says how a real page prints a quoted figure: what the reader marks', () => {
    const as = (filing: string, label: string, text: string) =>
      printedAs(quote(text), page(filing, label), tableFigures(tables[filing]?.[label] ?? [], label)).map(
        (f) => f.text,
      )
    expect(as('pandora-s1', 'F-4', '$55.2 million')).toContain('55,189')
    expect(as('facebook-s1', '50', '$3.7 billion').some((t) => t.includes('3,711'))).toBe(true)
    expect(as('pandora-s1', 'F-4', '$57.2 million')).toEqual([])
    // The yes/no form stops at the first.
    expect(printedAs(quote('$55.2 million'), page('pandora-s1', 'F-4'), [], true)).toHaveLength(1)
  })
  it('camp4 p.F-3 and p.F-4 (in thousands, except share and per share)', () => {
    const f3 = page('camp4-424b4', 'F-3')
    expect(figureOnPage(quote('$38.4 million'), f3)).toBe(true)
    expect(figureOnPage(quote('$83,190 thousand'), f3)).toBe(true)
    expect(figureOnPage(quote('$39.4 million'), f3)).toBe(false)
    const f4 = page('camp4-424b4', 'F-4')
    expect(figureOnPage(quote('$49.3 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$124.80 per share'), f4)).toBe(true)
    expect(figureOnPage(quote('$40.6 million'), f4)).toBe(true)
    expect(figureOnPage(quote('$40.6 thousand'), f4)).toBe(false)
    expect(figureOnPage(quote('$41.6 million'), f4)).toBe(false)
  })
  it("reads the text in the page's one unit when the table reader missed a row, never with two units", () => {
    const other = [cell('1,000', '(in thousands)')]
    const one = '(in thousands)\nTotal revenue........ $ 242,675 $168,580'
    expect(figureOnPage(quote('$242,675 thousand'), one, other)).toBe(true)
    expect(figureOnPage(quote('$242.7 million'), one, other)).toBe(true)
    expect(figureOnPage(quote('$242,675 million'), one, other)).toBe(false)
    const two = `${one}\n(in millions)\nCash 5`
    expect(figureOnPage(quote('$242,675 thousand'), two, other)).toBe(false)
  })
  it('uses table cells given in their units', () => {
    const cells = [cell('166,919', '(in thousands)')]
    expect(figureAppears('$166.9 million', 'Total revenue', cells)).toBe(true)
    expect(figureAppears('$170.2 million', 'Total revenue', cells)).toBe(false)
  })
})

describe("figureStates (the quote's printed precision decides)", () => {
  const millions = (text: string) => cell(text, '(in millions)')
  const thousands = (text: string) => cell(text, '(in thousands)')
  it('"$7 million" is a cell within [6.5, 7.5) million, no more', () => {
    const q = quote('$7 million')
    expect(figureStates(thousands('6,500'), q)).toBe(true)
    expect(figureStates(thousands('7,499'), q)).toBe(true)
    expect(figureStates(thousands('7,500'), q)).toBe(false) // rounds to 8
    expect(figureStates(thousands('6,499'), q)).toBe(false)
    expect(figureStates(thousands('(6,800)'), q)).toBe(true) // a loss, quoted without its sign
  })
  it('matches the issue examples', () => {
    expect(figureStates(thousands('166,919'), quote('$166.9 million'))).toBe(true)
    expect(figureStates(thousands('166,919'), quote('$170.2 million'))).toBe(false)
    expect(figureStates(millions('3,711'), quote('$3,711 million'))).toBe(true)
    expect(figureStates(millions('3,711'), quote('$3.7 billion'))).toBe(true)
    expect(figureStates(millions('3,711'), quote('$3,711 thousand'))).toBe(false)
    expect(figureStates(millions('1,200'), quote('$1.2 billion'))).toBe(true)
  })
  it('never lets a coarser print state a more precise quote', () => {
    expect(figureStates(millions('8'), quote('$7.7 million'))).toBe(false)
    expect(figureStates(quote('$6.4 million'), quote('$6,429.5 thousand'))).toBe(false)
    expect(figureStates(quote('$7 million'), quote('$7.0 million'))).toBe(true) // equal values
    // Symmetric figureEquals lets the coarser side decide: the gold-answer comparison, not the check.
    expect(figureEquals(millions('8'), quote('$7.7 million'))).toBe(true)
  })
  it('percentages, per-share amounts and bare percentages of ownership tables', () => {
    expect(figureStates(parseFigure('56.9 %') as Figure, quote('about 57%'))).toBe(true)
    expect(figureStates(parseFigure('56.9') as Figure, quote('56.9%'))).toBe(true) // "%" in the header
    expect(figureStates(parseFigure('56.9') as Figure, quote('57%'))).toBe(false) // bare: digits only
    expect(figureStates(parseFigure('56.9') as Figure, quote('$56.9'))).toBe(true)
    expect(figureStates(parseFigure('$ 56.9') as Figure, quote('56.9%'))).toBe(false)
    const perShare = cell('(3.84)', '(In thousands, except per share amounts)', 'Net loss per share')
    expect(figureStates(perShare, quote('$(3.84) per share'))).toBe(true)
    expect(figureStates(perShare, quote('$3.8 per share'))).toBe(true)
    expect(figureStates(perShare, quote('$3.84 million'))).toBe(false)
  })
})

describe('ranges', () => {
  it('give the first end the unit printed after the second', () => {
    const read = (t: string) => parseFigures(t).map((f) => [f.text, f.kind, f.value])
    expect(read('$10 to $12 million')).toEqual([
      ['$10', 'money', 10e6],
      ['$12 million', 'money', 12e6],
    ])
    expect(read('5–10%')).toEqual([
      ['5', 'percent', 5],
      ['10%', 'percent', 10],
    ])
    expect(read('between $14.00 and $16.00 per share').map((f) => f[1])).toEqual(['per-share', 'per-share'])
    expect(read('12.5%-15%')).toEqual([
      ['12.5%', 'percent', 12.5],
      ['15%', 'percent', 15],
    ])
    expect(read('5%-or-greater holders')).toEqual([['5%', 'percent', 5]])
    // Not a range: a count and an amount in one sentence keep their own units.
    expect(read('12 persons paid $3 million').map((f) => f[2])).toEqual([12, 3e6])
  })
})

describe('derivedFrom (a figure the answer computes)', () => {
  const figs = (t: string) => parseFigures(t)
  it("finds the difference or sum of the answer's own printed figures, to the quote's rounding", () => {
    const [from, to, more] = figs(
      'Total assets rose from $2,990 million to $6,331 million (about $3.3 billion more).',
    )
    const d = derivedFrom(more as Figure, [from as Figure, to as Figure])
    expect(d).toMatchObject({ op: 'difference', text: '$6,331 million − $2,990 million' })
    const [a, b, sum] = figs('$7 million and $17 million, $24 million in all')
    expect(derivedFrom(sum as Figure, [a as Figure, b as Figure])?.op).toBe('sum')
  })
  it('finds a percentage change or share between two amounts, when they are precise enough', () => {
    const pct = (t: string) => {
      const all = figs(t)
      const q = all.find((f) => f.kind === 'percent') as Figure
      return derivedFrom(
        q,
        all.filter((f) => f !== q),
      )
    }
    expect(pct('grew 88% from $1,974 million to $3,711 million')).toMatchObject({
      op: 'change',
      text: '($3,711 million − $1,974 million) / $1,974 million',
    })
    expect(pct('Zynga was 12% of revenue: $445 million of $3,711 million')?.op).toBe('share')
    expect(pct('grew 90% from $1,974 million to $3,711 million')).toBeNull()
    // $7 million and $17 million stand for 6.5–7.5 and 16.5–17.5: no percentage to a unit follows.
    expect(pct('from $7 million to $17 million, up 143%')).toBeNull()
  })
  it('rejects a wrong result, a result more precise than its parts, and a lone operand', () => {
    const [from, to] = figs('$2,990 million to $6,331 million')
    const parts = [from as Figure, to as Figure]
    expect(derivedFrom(quote('$3.6 billion'), parts)).toBeNull()
    expect(derivedFrom(quote('$3,341.2 million'), parts)).toBeNull()
    expect(derivedFrom(quote('$3,341 million'), [to as Figure])).toBeNull()
    expect(derivedFrom(quote('33%'), parts)).toBeNull() // a percentage is never a sum of amounts
  })
})

describe('the check on real pages of the dev filings (text and tables as ingest reads them)', () => {
  it('facebook p.127: ownership percentages printed without "%" (the header has it)', () => {
    expect(onPage('facebook-s1', '127', '56.9%')).toBe(true)
    expect(onPage('facebook-s1', '127', '62.59%')).toBe(false) // wrong figure
    expect(onPage('facebook-s1', '127', '1,072,134,441 shares')).toBe(true)
  })
  it('facebook p.F-27 (a table in millions): $7 million is not the cell (8)', () => {
    expect(onPage('facebook-s1', 'F-27', '$7 million')).toBe(true)
    expect(onPage('facebook-s1', 'F-27', '$17 million')).toBe(true)
    expect(onPage('facebook-s1', 'F-27', '$7.7 million')).toBe(false) // wrong; the page prints (8)
    expect(onPage('facebook-s1', 'F-27', '$9.9 million')).toBe(false) // wrong; the page prints (10)
    expect(onPage('facebook-s1', 'F-27', '$7 billion')).toBe(false) // wrong units
  })
  it('facebook p.F-3: total assets, and their growth only as a computation', () => {
    expect(onPage('facebook-s1', 'F-3', '$6,331 million')).toBe(true)
    expect(onPage('facebook-s1', 'F-3', '$2,990 million')).toBe(true)
    expect(onPage('facebook-s1', 'F-3', '$6.3 billion')).toBe(true)
    expect(onPage('facebook-s1', 'F-3', '$3.3 billion')).toBe(false) // printed nowhere
    expect(onPage('facebook-s1', 'F-3', '$6,331 thousand')).toBe(false) // wrong units
  })
  it('pandora p.104 and p.46: 23.03%, and $36 a year is not "40 hours"', () => {
    expect(onPage('pandora-s1', '104', '23.03%')).toBe(true)
    expect(onPage('pandora-s1', '104', '25.33%')).toBe(false)
    expect(onPage('pandora-s1', '104', '34,964,928 shares')).toBe(true)
    expect(onPage('pandora-s1', '46', '$36 per year')).toBe(true)
    expect(onPage('pandora-s1', '46', '$39.6')).toBe(false)
    expect(onPage('pandora-s1', '46', '$40')).toBe(false) // p.46 prints "40 hours per month"
  })
  it('camp4 p.98 and p.13 (in thousands): $5,845 thousand, not $6,429.5 thousand ("$6.4 million")', () => {
    expect(onPage('camp4-424b4', '98', '$5,845 thousand')).toBe(true)
    expect(onPage('camp4-424b4', '98', '$5.8 million')).toBe(true)
    expect(onPage('camp4-424b4', '98', '$6,429.5 thousand')).toBe(false)
    expect(onPage('camp4-424b4', '13', '$40,616 thousand')).toBe(true)
    expect(onPage('camp4-424b4', '13', '$40.6 million')).toBe(true)
    expect(onPage('camp4-424b4', '13', '$40,616 million')).toBe(false) // wrong units
    expect(onPage('camp4-424b4', '13', '$44,677.6 thousand')).toBe(false) // wrong figure
  })
})

describe('moneyCells (a bare figure under a "$" in its column)', () => {
  // Pandora S-1 p.48, fiscal 2010 column, as printed: "$" on the first amount and the totals only.
  const row = (label: string, text: string, value: number) => ({
    label,
    page: '48',
    cells: [{ text, value }],
  })
  const table: Table = {
    page: '48',
    title: 'Results of Operations',
    units: { label: 'thousands', scale: 1e3, exceptPerShare: false, exceptShares: false },
    columns: [{ label: '2010', period: 'Fiscal year ended January 31, 2010' }],
    rows: [
      row('Total revenue', '$ 55,189', 55_189_000),
      row('Cost of revenue', '7,892', 7_892_000),
      row('Net loss', '$ (16,753)', -16_753_000),
      row('Basic and diluted loss per share', '$ (3.84)', -3.84),
      row('Weighted-average number of shares used in per share amounts (in thousands):', '6,482', 6_482_000),
      row('Other', '12', 12_000),
    ],
    continued: false,
  }
  it('reads it as money until a row counting shares breaks the run', () => {
    expect(moneyCells(table).map((r) => r[0])).toEqual([true, true, true, true, false, false])
    expect(rowText(table, table.rows[1] as Table['rows'][number])).toBe(
      'Results of Operations. Cost of revenue — Fiscal year ended January 31, 2010: $7,892 thousand',
    )
    expect(rowText(table, table.rows[4] as Table['rows'][number])).toContain(': 6,482 thousand')
  })

  it('starts the run at a blank printed with "$" (CAMP4 F-4: "$—" atop 2022, then 34,771)', () => {
    const f4: Table = {
      ...table,
      rows: [
        row('Research and collaboration revenue', '$—', null as unknown as number),
        row('Research and development', '34,771', 34_771_000),
      ],
    }
    expect(moneyCells(f4).map((r) => r[0])).toEqual([false, true])
  })
})

describe('periodSpan (what a column period covers)', () => {
  it('gives a year-long column its fiscal name (the year it ends) and the calendar year it mostly covers', () => {
    // Pandora S-1 p.6: "all references herein to a fiscal year refer to the 12 months ended January 31
    // of such year".
    expect(periodSpan('Fiscal year ended January 31, 2011')).toEqual({
      months: 12,
      endYear: 2011,
      endMonth: 1,
      fiscalYear: 2011,
      calendarYear: 2010,
    })
    expect(periodSpan('Year ended December 31, 2011')).toMatchObject({ fiscalYear: 2011, calendarYear: 2011 })
    expect(periodSpan('Year ended June 30, 2011')).toMatchObject({ fiscalYear: 2011, calendarYear: 2011 })
    expect(periodSpan('Fifty-two weeks ended January 29, 2011')).toMatchObject({
      months: 12,
      calendarYear: 2010,
    })
  })
  it('reads dates, parts of years and bare years', () => {
    expect(periodSpan('December 31, 2010')).toMatchObject({ months: 0, calendarYear: 2010, fiscalYear: null })
    expect(periodSpan('Nine months ended October 31, 2010')).toMatchObject({ months: 9, calendarYear: null })
    expect(periodSpan('2011')).toMatchObject({ months: 12, fiscalYear: 2011, calendarYear: 2011 })
    expect(periodSpan('Pro forma')).toBeNull()
  })
})

describe('figures in plain text (tokenizer and flattened rows)', () => {
  it('reads money and percent tokens whole, and splits them', () => {
    expect(new RegExp(MONEY_TOKEN_SOURCE).exec('was $1.2 billion in')?.[0]).toBe('$1.2 billion')
    expect(new RegExp(PERCENT_TOKEN_SOURCE).exec('up 12.5 percent')?.[0]).toBe('12.5 percent')
    expect(moneyTokenParts('$1.2 Billion')).toEqual({ number: '1.2', scale: 'billion' })
    expect(moneyTokenParts('$ 3,711')).toEqual({ number: '3,711', scale: null })
    expect(percentTokenNumber('12.5%')).toBe('12.5')
    expect(percentTokenNumber('50 percent')).toBe('50')
  })

  it('sees a line ending in two or more figure cells, and where a run of cells ends', () => {
    expect(endsInFigureCells('Revenue $ 777 $1,974 $3,711')).toBe(true)
    expect(endsInFigureCells('Other (10) (22)')).toBe(true)
    expect(endsInFigureCells('Revenue grew 88% in 2011')).toBe(false)
    const row = 'Advertising services ...... $ 594,546 $ 269,421 (97)% — Data licensing'
    const from = row.indexOf('......') + 6
    expect(row.slice(from, figureCellsEnd(row, from) ?? from)).toBe(' $ 594,546 $ 269,421 (97)% —')
    expect(figureCellsEnd(row, 0)).toBeNull()
  })
})
