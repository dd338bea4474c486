/**
 * Page accuracy: the share of ground-truth sentences found inside the text of their own printed page.
 * Pure; `pnpm eval:pages` and the end-to-end evaluation both use it.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'

export interface GroundTruthSentence {
  page: string
  sentence: string
}

export interface PageAccuracy {
  total: number
  found: number
  /** found / total (1 when there is nothing to check). */
  share: number
  /** Sentences whose page is missing from the page map. */
  missingPages: number
  /** Found somewhere else in the document (so the text exists, but on the wrong page). */
  elsewhere: number
  /** Of the found sentences, how many sit on pages trimmed as front or back matter. */
  inTrimmed: number
  misses: { page: string; sentence: string; foundOn: string[] }[]
}

/** Lower case, letters and digits only: layout, hyphenation and quote styles do not count. */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

export function pageAccuracy(pages: PageRecord[], sentences: GroundTruthSentence[]): PageAccuracy {
  const byLabel = new Map<string, { text: string; matter: PageRecord['matter'] }[]>()
  const all: { label: string; text: string }[] = []
  for (const p of pages) {
    if (p.fallback) continue
    const text = normaliseForMatch(p.text)
    const list = byLabel.get(p.label) ?? []
    list.push({ text, matter: p.matter })
    byLabel.set(p.label, list)
    all.push({ label: p.label, text })
  }
  let found = 0
  let missingPages = 0
  let elsewhere = 0
  let inTrimmed = 0
  const misses: PageAccuracy['misses'] = []
  for (const s of sentences) {
    const needle = normaliseForMatch(s.sentence)
    const own = byLabel.get(s.page)
    const hit = own?.find((p) => p.text.includes(needle))
    if (hit) {
      found++
      if (hit.matter !== 'body') inTrimmed++
      continue
    }
    if (!own) missingPages++
    const foundOn = all.filter((p) => p.text.includes(needle)).map((p) => p.label)
    if (foundOn.length) elsewhere++
    misses.push({ page: s.page, sentence: s.sentence, foundOn })
  }
  const total = sentences.length
  return { total, found, share: total ? found / total : 1, missingPages, elsewhere, inTrimmed, misses }
}
