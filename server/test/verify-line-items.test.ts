import { readFileSync } from 'node:fs'
import { type Table, tableFigures } from '@asks1/shared/contract/tables'
import { describe, expect, it } from 'vitest'
import { verifyCitations } from '../src/answer/verify'

/** Facebook's consolidated statement of income as ingest reads it from the PDF (p.F-4, in millions). */
const TABLES = (
  JSON.parse(readFileSync(new URL('./fixtures/facebook-s1-tables.json', import.meta.url), 'utf8')) as Table[]
).filter((t) => t.page === 'F-4')
/** The page as the PDF prints it: the caption, then each row's label and cells as printed. */
const printed = TABLES.flatMap((t) => [
  `${t.title ?? ''} (In millions)`,
  ...t.rows.map((r) => `${r.label} ${r.cells.map((c) => c.text).join(' ')}`),
]).join('\n')
const texts = new Map([['F-4', printed]])
const cells = new Map([['F-4', tableFigures(TABLES, 'F-4')]])

describe('the figure check reads the line item', () => {
  it('refuses the net income cell given as revenue, with where the page prints it', () => {
    const [c] = verifyCitations('Revenue was $1,000 million in 2011 [p.F-4].', texts, cells)
    expect(c).toMatchObject({ page: 'F-4', verified: false, missing: ['$1,000 million'] })
    expect(c?.checks).toEqual([
      {
        figure: '$1,000 million',
        found: false,
        status: 'other-line-item',
        lineItem: { printedIn: 'Net income', named: 'Revenue' },
      },
    ])
  })

  it('verifies the figure in the row the sentence names, and a sentence naming no row', () => {
    const [ok] = verifyCitations('Revenue was $3.7 billion in 2011 [p.F-4].', texts, cells)
    expect(ok).toMatchObject({
      verified: true,
      checks: [{ status: 'printed', printedAs: expect.arrayContaining(['$3,711']) }],
    })
    const [net] = verifyCitations(
      'Net income was $1,000 million and revenue $3,711 million [p.F-4].',
      texts,
      cells,
    )
    expect(net?.verified).toBe(true)
    // No line item named: the figure is on the page, as before.
    const [bare] = verifyCitations('The company earned $1,000 million in 2011 [p.F-4].', texts, cells)
    expect(bare?.checks[0]?.status).toBe('printed')
  })
})
