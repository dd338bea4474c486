/**
 * Every table row of the body pages as its own retrieval unit, so keyword and dense search can hit
 * the row a question is about: "[p.F-4] Consolidated Statements of Income. Revenue — Year ended
 * December 31, 2011: $3,711 million; …". A unit is a chunk like any other (tagged with the row's
 * printed page), so both stores, fusion and citations need nothing new.
 */
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { pageTag } from '@asks1/shared/contract/citations'
import { rowText } from '@asks1/shared/contract/tables'
import { chunkId } from './chunk'

export function tableRowChunks(
  pages: readonly PageRecord[],
  opts: { filing: string; version: string; firstOrdinal: number },
): Chunk[] {
  const out: Chunk[] = []
  const seen = new Map<string, number>()
  for (const page of pages) {
    if (page.matter !== 'body') continue
    for (const table of page.tables ?? [])
      for (const row of table.rows) {
        if (!row.label || row.cells.every((c) => c.value === null)) continue
        const text = `${pageTag(row.page)} ${rowText(table, row)}`
        const occurrence = seen.get(text) ?? 0
        seen.set(text, occurrence + 1)
        out.push({
          id: chunkId(opts.filing, `table\u0000${text}`, occurrence),
          filing: opts.filing,
          version: opts.version,
          ordinal: opts.firstOrdinal + out.length,
          text,
          pages: [row.page],
          pdfPages: page.pdfPages,
          section: table.title,
          fallback: page.fallback === true,
        })
      }
  }
  return out
}
