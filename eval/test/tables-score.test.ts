import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { Table } from '@asks1/shared/contract/tables'
import { describe, expect, it } from 'vitest'
import { checkReferenceFigures } from '../src/figure-check'
import { scoreTables } from '../src/tables-score'

const table = (page: string, label: string, period: string | null, value: number | null): Table => ({
  page,
  title: null,
  units: null,
  columns: [{ label: period ?? '', period }],
  rows: [{ label, page, cells: [{ text: String(value), value }] }],
  continued: false,
})
const page = (label: string, tables: Table[], text = ''): PageRecord => ({
  label,
  pdfPages: [],
  text,
  matter: 'body',
  tables,
})

describe('scoreTables', () => {
  it('counts an HTML cell recovered only with its page, row label, period and value', () => {
    const gold = [
      page('9', [table('9', 'Total revenue', 'Year ended December 31, 2011', 3711e6)]),
      page('10', [table('10', 'Net income', 'Year ended December 31, 2011', 1000e6)]),
      page('11', [table('11', 'Cash', 'December 31, 2011', 1512e6)]),
      page('12', [table('12', 'Change', null, 88)]), // no period: not scored
    ]
    const pdf = [
      page('9', [table('9', 'Total Revenue', 'Year ended December 31, 2011', 3711e6)]),
      page('10', [table('10', 'Net income', '2011', 1000e6)]), // wrong period
      page('12', [table('12', 'Cash', 'December 31, 2011', 1512e6)]), // wrong page
    ]
    const s = scoreTables(gold, pdf)
    expect(s).toMatchObject({ goldCells: 3, recovered: 1, misplaced: 1 })
    // The other way: PDF cells on pages the gold scores (9, 10), one backed by no HTML cell.
    expect(s).toMatchObject({ pdfCells: 2, unmatched: 1 })
    expect(s.recall).toBeCloseTo(1 / 3)
  })
})

describe('checkReferenceFigures', () => {
  it('finds correct figures on gold pages and rejects wrong figures and wrong units', () => {
    const pages = new Map([
      ['F-4', page('F-4', [], '(In millions)\nRevenue $ 777 $1,974 $3,711')],
      ['50', page('50', [], 'Revenue grew 88% in 2011.')],
    ])
    const s = checkReferenceFigures(
      [
        {
          id: 'a',
          answer: 'Revenue was $3,711 million (about $3.7 billion), up 88%.',
          gold_pages: ['F-4', '50'],
        },
        { id: 'b', answer: 'Revenue was $4,100 million.', gold_pages: ['F-4'] },
      ],
      pages,
    )
    expect(s.figures).toBe(4)
    expect(s.falseNotVerified).toBe(1) // $4,100 million is on no gold page
    expect(s.falseVerified).toBe(0)
    expect(s.wrongChecked).toBe(5) // 3 × 10% off + 2 × wrong units
  })
})
