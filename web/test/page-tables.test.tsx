import { parseFigure, printedAs } from '@asks1/shared/contract/figures'
import { type Table, tableFigures } from '@asks1/shared/contract/tables'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { PageTables } from '../src/components/PageTables'

// Facebook S-1 p.50 as the table reader reads it (in millions).
const table: Table = {
  page: '50',
  title: 'Revenue',
  units: { label: 'millions', scale: 1e6, exceptPerShare: false, exceptShares: false },
  columns: [
    { label: 'Year Ended December 31, 2010', period: 'Year ended December 31, 2010' },
    { label: 'Year Ended December 31, 2011', period: 'Year ended December 31, 2011' },
    { label: '2010 to 2011 % Change', period: null },
  ],
  rows: [
    {
      label: 'Advertising revenue',
      page: '50',
      cells: [
        { text: '$1,868', value: 1_868_000_000 },
        { text: '$3,154', value: 3_154_000_000 },
        { text: '69%', value: 69 },
      ],
    },
    {
      label: 'Total revenue',
      page: '50',
      cells: [
        { text: '$1,974', value: 1_974_000_000 },
        { text: '$3,711', value: 3_711_000_000 },
        { text: '88%', value: 88 },
      ],
    },
  ],
  continued: false,
}

describe('page tables', () => {
  test('draws rows and periods as a table, units in the caption', () => {
    render(<PageTables tables={[table]} printed={[]} />)
    const t = screen.getByRole('table', { name: /Revenue · In millions/ })
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Line item',
      'Year Ended December 31, 2010',
      'Year Ended December 31, 2011',
      '2010 to 2011 % Change',
    ])
    expect(within(t).getByRole('rowheader', { name: 'Total revenue' })).toBeTruthy()
    expect(t.querySelectorAll('mark')).toHaveLength(0)
  })

  /** What the server's citation check reports for quoted figures on this page: how it prints them. */
  const checked = (...quotes: string[]) =>
    quotes.flatMap((q) => {
      const f = parseFigure(q)
      return f ? printedAs(f, 'Revenue (in millions)', tableFigures([table])).map((p) => p.text) : []
    })

  test('marks the cell the check found for a cited figure (after units and rounding), and its row', () => {
    expect(checked('$3.7 billion', '88%')).toEqual(['$3,711', '88%'])
    const { container } = render(<PageTables tables={[table]} printed={checked('$3.7 billion', '88%')} />)
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks).toEqual(['$3,711', '88%'])
    const cited = container.querySelectorAll('.page-table__row--cited')
    expect(cited).toHaveLength(1)
    expect(cited[0]?.querySelector('th')?.textContent).toBe('Total revenue')
  })

  test('a wrong figure or wrong units marks nothing; a print typeset otherwise still marks', () => {
    expect(checked('$3,711 thousand', '$3.9 billion')).toEqual([])
    const { container, rerender } = render(<PageTables tables={[table]} printed={[]} />)
    expect(container.querySelectorAll('mark')).toHaveLength(0)
    // The page's text may set the dollar sign apart ("$ 3,711") where the cell reads "$3,711".
    rerender(<PageTables tables={[table]} printed={['$ 3,711']} />)
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['$3,711'])
  })
})
