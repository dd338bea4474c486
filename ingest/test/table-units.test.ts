import { describe, expect, it } from 'vitest'
import { chunkPages } from '../src/chunk'
import { hostChunk, tableRowUnits } from '../src/table-units'
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

  it('falls back to the first chunk on the page when no chunk holds the label, and to none off the pages', () => {
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
      chunk('a', ['3'], '[p.3] Net loss 12'),
      chunk('b', ['3', '4'], '[p.3] Total\n revenue 40 [p.4] x'),
    ]
    expect(hostChunk(chunks, '3', 'Total revenue')?.id).toBe('b')
    expect(hostChunk(chunks, '3', 'Deferred revenue')?.id).toBe('a')
    expect(hostChunk(chunks, '9', 'Total revenue')).toBeNull()
  })
})
