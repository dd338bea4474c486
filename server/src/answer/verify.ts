/**
 * Checks every page an answer cites: the page exists in the filing, and every figure quoted beside
 * the citation is stated on that page, literally or as a table cell after units and the quote's
 * rounding; a figure the page does not print but the answer computes from figures it quotes beside
 * it that the page prints ("about $3.3 billion more" beside "$2,990 million" and "$6,331 million")
 * is reported `computed`, with its derivation, and still not `found`. A printed figure says how
 * each page prints it (`printedAs`), so the reader can mark "3,711" for "$3.7 billion". Pure: page texts (and the
 * cells of the page's tables) are passed in.
 */
import type { Citation, FigureCheck, FigureStatus } from '@asks1/shared/contract/api'
import { citationFigures, findCitations } from '@asks1/shared/contract/citations'
import { derivedFrom, type Figure, printedAs } from '@asks1/shared/contract/figures'

/**
 * Citations written together (`[p.56, p.57]`, `(p.56; p.F-3)`) support the same text, so their
 * figures are checked against the group's pages together: the parser gives the later ones only
 * the figures that trail the group in its sentence.
 */
const JOINER_RE = /^[\s,;&/\][()–—-]*(?:and\s*)?(?:pp?\.\s?)?$/i

/**
 * @param pageText text of each cited page that exists (absent = no such page in the filing).
 * @param pageCells the table cells read on each page, in their tables' units (optional).
 */
export function verifyCitations(
  answer: string,
  pageText: ReadonlyMap<string, string>,
  pageCells: ReadonlyMap<string, readonly Figure[]> = new Map(),
): Citation[] {
  const found = findCitations(answer)
  const spans = citationFigures(answer)
  // Group adjacent citations: each group is the pages cited together plus the figures they support.
  const groups: { pages: string[]; figures: Figure[] }[] = []
  let prevEnd = -1
  found.forEach((c, i) => {
    const between = prevEnd >= 0 ? answer.slice(prevEnd, c.index) : null
    const figures = spans[i]?.figures ?? []
    const last = groups.at(-1)
    if (last && between !== null && JOINER_RE.test(between)) {
      if (!last.pages.includes(c.page)) last.pages.push(c.page)
      // The figures after the group's last citation, to its sentence's end, support the group.
      for (const f of figures) if (!last.figures.some((g) => g.text === f.text)) last.figures.push(f)
    } else {
      groups.push({ pages: [c.page], figures: [...figures] })
    }
    prevEnd = c.index + c.length
  })

  const byPage = new Map<string, Map<string, FigureCheck>>()
  for (const g of groups) {
    // How each page of the group prints each figure (empty: not printed there).
    const seen = new Map<Figure, Map<string, string[]>>()
    for (const f of g.figures) {
      const onPages = new Map<string, string[]>()
      for (const p of g.pages) {
        const text = pageText.get(p)
        const as = text === undefined ? [] : printedAs(f, text, pageCells.get(p))
        if (as.length > 0) onPages.set(p, [...new Set(as.map((a) => a.text))])
      }
      seen.set(f, onPages)
    }
    const checks = checkGroup(g.figures, (f) => (seen.get(f)?.size ?? 0) > 0)
    for (const page of g.pages) {
      const entry = byPage.get(page) ?? new Map<string, FigureCheck>()
      byPage.set(page, entry)
      for (const [i, c] of checks.entries()) {
        const as = seen.get(g.figures[i] as Figure)?.get(page)
        const check = as ? { ...c, printedAs: as } : c
        const before = entry.get(c.figure)
        if (!before || RANK[c.status ?? 'not-found'] > RANK[before.status ?? 'not-found'])
          entry.set(c.figure, check)
      }
    }
  }
  return [...byPage].map(([page, e]) => {
    const exists = pageText.has(page)
    const checks = [...e.values()].map((c) => (exists ? c : notFound(c.figure)))
    return {
      page,
      exists,
      verified: exists && checks.every((c) => c.found),
      figures: checks.map((c) => c.figure),
      missing: checks.filter((c) => !c.found).map((c) => c.figure),
      checks,
    }
  })
}

const RANK: Record<FigureStatus, number> = { 'not-found': 0, computed: 1, printed: 2 }
const notFound = (figure: string): FigureCheck => ({ figure, found: false, status: 'not-found' })

/**
 * Each figure of a group: printed on one of its pages, or computed from the group's printed figures
 * (the answer's own, never arbitrary cells), or not found. A computed figure is never `found`: the
 * page does not print it, and the reply says how it was computed instead.
 */
function checkGroup(figures: readonly Figure[], printed: (f: Figure) => boolean): FigureCheck[] {
  const onPage = figures.filter(printed)
  return figures.map((f) => {
    if (onPage.includes(f)) return { figure: f.text, found: true, status: 'printed' }
    const d = derivedFrom(f, onPage)
    return d ? { figure: f.text, found: false, status: 'computed', derivation: d.text } : notFound(f.text)
  })
}
