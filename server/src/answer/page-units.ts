/**
 * The units of the whole printed pages the retrieved chunks run over: a chunk may hold one part of
 * a page while another part states the fact (docs/answers.md, "First quote round 2", cause a′).
 * The page's other sentences and rows are ranked with the chunk's, each keeping its chunk's
 * retrieval rank and weighing PAGE_UNIT_WEIGHT of a unit of the chunk itself: retrieval chose
 * the chunk's words, not the rest of its page. Quotes from them are the page's own text, cited with
 * its printed label.
 */

import type { PageRecord } from '@asks1/shared/contract/chunk'
import { textUnits } from '@asks1/shared/contract/sentences'
import type { SearchHit } from '@asks1/shared/store'
import { withExpansions } from './acronyms'
import type { Prepared } from './rank'
import { stemsOf } from './stems'

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
      for (const u of textUnits(page.text, label)) {
        const lower = u.text.toLowerCase()
        if (seen.has(lower)) continue
        seen.add(lower)
        const stems = withExpansions(stemsOf(u.text), abbreviations)
        out.push({ ...u, hit, section: h.chunk.section, stems, lower, outside: true })
      }
    }
  })
  return out
}
