/**
 * Every table row of the body pages as a retrieval unit of its own, so a search can hit the row a
 * question is about: "Consolidated Statements of Income. Revenue — Year ended December 31, 2011:
 * $3,711 million; …" (the table's title, the row, each column's period and the table's units).
 * A row is indexed beside the chunks, not as one: a matching row lifts its host chunk, the chunk
 * whose text prints the row on the row's printed page (see RowUnitInput).
 */
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { stripPageTags } from '@asks1/shared/contract/citations'
import { rowText } from '@asks1/shared/contract/tables'
import type { RowUnitInput } from '@asks1/shared/store'

/** Lower-case words only: a PDF's spacing and an HTML cell's line breaks differ from the chunk's. */
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/**
 * The chunk printing a row: of the chunks covering the row's page, the first whose text holds the
 * row's label; else the first covering the page (a label the reader joined from wrapped lines).
 */
export function hostChunk(chunks: readonly Chunk[], page: string, label: string): Chunk | null {
  const covering = chunks.filter((c) => c.pages.includes(page))
  const want = squash(label)
  return covering.find((c) => want && squash(stripPageTags(c.text)).includes(want)) ?? covering[0] ?? null
}

export function tableRowUnits(pages: readonly PageRecord[], chunks: readonly Chunk[]): RowUnitInput[] {
  const out: RowUnitInput[] = []
  for (const page of pages) {
    if (page.matter !== 'body') continue
    for (const table of page.tables ?? [])
      for (const row of table.rows) {
        if (!row.label || row.cells.every((c) => c.value === null)) continue
        const host = hostChunk(chunks, row.page, row.label)
        if (host) out.push({ host: host.id, page: row.page, label: row.label, text: rowText(table, row) })
      }
  }
  return out
}
