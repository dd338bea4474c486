/**
 * The units of the whole printed pages the retrieved chunks run over: a chunk may hold one part of
 * a page while another part states the fact (docs/answers.md, "First quote round 2", cause a′).
 * The page's other sentences and rows are ranked with the chunk's, each keeping its chunk's
 * retrieval rank and weighing PAGE_UNIT_WEIGHT of a unit of the chunk itself: retrieval chose
 * the chunk's words, not the rest of its page. Quotes from them are the page's own text, cited with
 * its printed label.
 */

import type { PageRecord } from '@asks1/shared/contract/chunk'
import { type TextUnit, textUnits } from '@asks1/shared/contract/sentences'
import type { SearchHit } from '@asks1/shared/store'
import { LRUCache } from 'lru-cache'
import { withExpansions } from './acronyms'
import type { Prepared } from './evidence-model'
import { readStems } from './stems'

/**
 * Calibrated on the tuning sets ("Whole pages round", docs/answers.md): 0.2–0.4 score the same
 * there (0.5 and up lose precision, and without the abstention gate of extractive.ts a negative
 * refusal); 0.3 is mid-plateau.
 */
export const PAGE_UNIT_WEIGHT = 0.3

export interface WholePages {
  /** The pages to read (those of the retrieved chunks; others given are ignored). */
  pages: readonly PageRecord[]
  weight: number
}

interface PageUnit extends TextUnit {
  stems: readonly string[]
  lower: string
}

/**
 * A page's units, segmented and stemmed once: questions keep coming back to the same pages, and
 * reading a dozen pages afresh was about 40 % of an extractive answer's CPU (node --cpu-prof on
 * the Facebook set). Keyed by the page's label and text (a page is never edited in place: a
 * re-ingest prints new text), bounded by the characters kept.
 */
const byPage = new LRUCache<string, readonly PageUnit[]>({
  max: 2048,
  maxSize: 8_000_000,
  sizeCalculation: (_units, key) => key.length + 1,
})

function unitsOf(page: PageRecord): readonly PageUnit[] {
  const key = `${page.label}\u0000${page.text}`
  const known = byPage.get(key)
  if (known) return known
  const units = textUnits(page.text, page.label).map((u) => ({
    ...u,
    stems: readStems(u.text),
    lower: u.text.toLowerCase(),
  }))
  byPage.set(key, units)
  return units
}

/** The units of the chunks' pages that none of `units` holds, each with its chunk's rank. */
export function pageUnits(
  hits: readonly SearchHit[],
  units: readonly Prepared[],
  whole: WholePages,
  abbreviations: ReadonlyMap<string, string[]>,
): Prepared[] {
  const byLabel = new Map(whole.pages.map((p) => [p.label, p]))
  const seen = new Set(units.map((u) => u.lower))
  const out: Prepared[] = []
  hits.forEach((h, hit) => {
    for (const label of h.chunk.pages) {
      const page = byLabel.get(label)
      if (!page) continue
      for (const u of unitsOf(page)) {
        if (seen.has(u.lower)) continue
        seen.add(u.lower)
        const stems = abbreviations.size ? withExpansions(u.stems, abbreviations) : [...u.stems]
        out.push({ ...u, hit, section: h.chunk.section, stems, outside: true })
      }
    }
  })
  return out
}
