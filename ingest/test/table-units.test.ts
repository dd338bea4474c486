import { describe, expect, it } from 'vitest'
import { chunkPages } from '../src/chunk'
import { hostChunk, tableRowUnits, textOnPage } from '../src/table-units'
import { statementPages } from './helpers'

describe('table rows as retrieval units (facebook-s1.pdf statements)', () => {
  it('writes each row with its title, periods and units, hosted by the chunk printing it', async () => {
    const pages = await statementPages()
    const chunks = chunkPages(pages, { filing: 'fb', version: 'v', words: 120, overlap: 20 })
    const units = tableRowUnits(pages, chunks)
    const revenue = units.find((u) => u.label === 'Revenue' && u.page === 'F-4')
    expect(revenue?.text).toBe(
      'CONSOLIDATED STATEMENTS OF INCOME. Revenue — Year ended December 31, 2009: $777 million; Year ended December 31, 2010: $1,974 million; Year ended December 31, 2011: $3,711 million',
    )
    // The host is a chunk on the row's page whose text prints the row (not merely the first on F-4).
    const host = chunks.find((c) => c.id === revenue?.host)
    expect(host?.pages).toContain('F-4')
    expect(host?.text).toMatch(/Revenue\s+\$?\s*777/)
    const net = units.find((u) => u.label === 'Net income' && u.page === 'F-4')
    const netHost = chunks.find((c) => c.id === net?.host)
    expect(netHost?.text).toMatch(/Net income/)
    // Every unit names a real chunk on its own page; rows with no figure are not units.
    for (const u of units) expect(chunks.find((c) => c.id === u.host)?.pages).toContain(u.page)
    const rows = pages.flatMap((p) => p.tables ?? []).flatMap((t) => t.rows)
    expect(units.length).toBe(rows.filter((r) => r.label && r.cells.some((c) => c.value !== null)).length)
  })

  it('hosts a row by the chunk printing its label on its page; else the first on the page; none off the pages', () => {
    const chunk = (id: string, pages: string[], text: string) => ({
      id,
      filing: 'x',
      version: 'v',
      ordinal: 0,
      text,
      pages,
      pdfPages: [],
      section: null,
      fallback: false,
    })
    const chunks = [
      // Names the label on p.2 only: it covers p.3 but does not print the row there.
      chunk('p', ['2', '3'], '[p.2] Total revenue grew. [p.3] Net loss 12'),
      chunk('a', ['3'], '[p.3] Net loss 12'),
      chunk('b', ['3', '4'], '[p.3] Total\n revenue 40 [p.4] x'),
    ]
    expect(hostChunk(chunks, '3', 'Total revenue')?.id).toBe('b')
    expect(hostChunk(chunks, '2', 'Total revenue')?.id).toBe('p')
    expect(hostChunk(chunks, '3', 'Deferred revenue')?.id).toBe('p')
    expect(hostChunk(chunks, '9', 'Total revenue')).toBeNull()
  })
  it("reads a chunk's text on one page: the runs after its tags, and its opening run on its first page", () => {
    const c = { pages: ['F-3', 'F-4', 'F-5'], text: 'Total assets 9 [p.F-4] Revenue 777 [p.F-5] x' }
    expect(textOnPage(c, 'F-3')).toBe('Total assets 9 ')
    expect(textOnPage(c, 'F-4')).toBe(' Revenue 777 ')
    expect(textOnPage(c, 'F-6')).toBe('')
  })
})
