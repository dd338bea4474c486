/**
 * Every table row of the body pages as a retrieval unit of its own, so a search can hit the row a
 * question is about: "Consolidated Statements of Income. Revenue — Year ended December 31, 2011:
 * $3,711 million; …" (the table's title, the row, each column's period and the table's units).
 * A row is indexed beside the chunks, not as one: a matching row lifts its host chunk, the chunk
 * whose text prints the row on the row's printed page (see RowUnitInput).
 */
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { PAGE_TAG_RE } from '@asks1/shared/contract/citations'
import { rowText } from '@asks1/shared/contract/tables'
import type { RowUnitInput } from '@asks1/shared/store'

/** Lower-case words only: a PDF's spacing and an HTML cell's line breaks differ from the chunk's. */
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/**
 * The part of a chunk's text printed on `page`: the runs after each `[p.page]` tag, and the opening
 * run (before the first tag) when the chunk starts on that page mid-page.
 */
export function textOnPage(chunk: Pick<Chunk, 'text' | 'pages'>, page: string): string {
  const runs: string[] = []
  let current: string | undefined = chunk.pages[0]
  let from = 0
  for (const m of chunk.text.matchAll(PAGE_TAG_RE)) {
    if (current === page) runs.push(chunk.text.slice(from, m.index))
    current = m[1]
    from = (m.index ?? 0) + m[0].length
  }
  if (current === page) runs.push(chunk.text.slice(from))
  return runs.join(' ')
}

/**
 * The chunk printing a row: of the chunks covering the row's page, the first whose text ON THAT
 * PAGE holds the row's label; else the first covering the page (a label the reader joined from
 * wrapped lines). A chunk spanning two pages may print the label on the other one: facebook-s1's
 * "Mark Zuckerberg" (principal stockholders, p.127) was hosted by a p.126-127 chunk naming him in
 * p.126's prose, not by the chunk printing the table's row.
 */
export function hostChunk(chunks: readonly Chunk[], page: string, label: string): Chunk | null {
  const covering = chunks.filter((c) => c.pages.includes(page))
  const want = squash(label)
  return covering.find((c) => want && squash(textOnPage(c, page)).includes(want)) ?? covering[0] ?? null
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
