/**
 * After the answer text is complete: the sources it cites and the check of every citation.
 * Shared by the JSON reply and the SSE `done` event, so both carry exactly the same data.
 */
import type { Citation, Source } from '@asks1/shared/contract/api'
import { citedPages, filterCitedSources } from '@asks1/shared/contract/citations'
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
  labels.forEach((l, i) => {
    const p = pages[i]
    if (p) texts.set(l, p.text)
  })
  return verifyCitations(answer, texts)
}
