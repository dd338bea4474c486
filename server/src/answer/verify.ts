/**
 * Checks every page an answer cites: the page exists in the filing, and the figures quoted beside
 * the citation appear on that page. Pure: page texts are passed in.
 */
import type { Citation } from '@asks1/shared/contract/api'
import { citationFigures, figureAppears, findCitations } from '@asks1/shared/contract/citations'

/**
 * Citations written together (`[p.56, p.57]`, `(p.56; p.F-3)`) support the same text, so their
 * figures are checked against the group's pages together: the parser gives the later ones an
 * empty span.
 */
const JOINER_RE = /^[\s,;&/\][()–—-]*(?:and\s*)?(?:pp?\.\s?)?$/i

/**
 * @param pageText text of each cited page that exists (absent = no such page in the filing).
 */
export function verifyCitations(answer: string, pageText: ReadonlyMap<string, string>): Citation[] {
  const found = findCitations(answer)
  const spans = citationFigures(answer)
  // Group adjacent citations: each group is the pages cited together plus the figures they support.
  const groups: { pages: string[]; figures: string[] }[] = []
  let prevEnd = -1
  found.forEach((c, i) => {
    const between = prevEnd >= 0 ? answer.slice(prevEnd, c.index) : null
    const figures = spans[i]?.figures ?? []
    const last = groups.at(-1)
    if (last && between !== null && figures.length === 0 && JOINER_RE.test(between)) {
      if (!last.pages.includes(c.page)) last.pages.push(c.page)
    } else {
      groups.push({ pages: [c.page], figures: [...figures] })
    }
    prevEnd = c.index + c.length
  })

  const byPage = new Map<string, { figures: Set<string>; missing: Set<string> }>()
  for (const g of groups) {
    const texts = g.pages.map((p) => pageText.get(p)).filter((t): t is string => t !== undefined)
    for (const page of g.pages) {
      const entry = byPage.get(page) ?? { figures: new Set<string>(), missing: new Set<string>() }
      byPage.set(page, entry)
      for (const f of g.figures) {
        entry.figures.add(f)
        if (!texts.some((t) => figureAppears(f, t))) entry.missing.add(f)
      }
    }
  }
  return [...byPage].map(([page, e]) => {
    const exists = pageText.has(page)
    return {
      page,
      exists,
      verified: exists && e.missing.size === 0,
      figures: [...e.figures],
      missing: exists ? [...e.missing] : [...e.figures],
    }
  })
}
