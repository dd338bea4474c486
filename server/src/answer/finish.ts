/**
 * After the answer text is complete: the sources it cites and the check of every citation.
 * Shared by the JSON reply and the SSE `done` event, so both carry exactly the same data.
 */
import type { Citation, Source } from '@asks1/shared/contract/api'
import { citedPages, filterCitedSources } from '@asks1/shared/contract/citations'
import type { Figure } from '@asks1/shared/contract/figures'
import { tableFigures } from '@asks1/shared/contract/tables'
import type { SearchHit, Store } from '@asks1/shared/store'
import { verifyCitations } from './verify'

export function citedSources(answer: string, hits: readonly SearchHit[]): Source[] {
  const items = hits.map((h) => ({ pages: h.chunk.pages, hit: h }))
  return filterCitedSources(answer, items).sources.map(({ chunk: { hit }, citedPages }) => ({
    chunkId: hit.chunk.id,
    pages: hit.chunk.pages,
    citedPages,
    pdfPages: hit.chunk.pdfPages,
    section: hit.chunk.section,
    text: hit.chunk.text,
    score: hit.score,
  }))
}

/** Reads the cited pages from the store and checks each citation against its page. */
export async function checkCitations(store: Store, storeKey: string, answer: string): Promise<Citation[]> {
  const labels = citedPages(answer)
  const pages = await Promise.all(labels.map((l) => store.getPage(storeKey, l)))
  const texts = new Map<string, string>()
  const cells = new Map<string, Figure[]>()
  labels.forEach((l, i) => {
    const p = pages[i]
    if (!p) return
    texts.set(l, p.text)
    // Only the rows printed on the cited page: a continued table's other rows are on other pages.
    if (p.tables?.length) cells.set(l, tableFigures(p.tables, p.label))
  })
  return verifyCitations(answer, texts, cells)
}
