/**
 * Checks every page an answer cites: the page exists in the filing, and every figure quoted beside
 * the citation is stated on that page, literally or as a table cell after units and the quote's
 * rounding; a figure the page does not print but the answer computes from figures it quotes beside
 * it that the page prints ("about $3.3 billion more" beside "$2,990 million" and "$6,331 million")
 * is reported `computed`, with its derivation, and still not `found`. A figure the page prints only
 * as a table cell of another line item than the one its sentence names ("revenue was $X" where $X
 * is the net-loss cell) is `other-line-item`, not `found` (line-items.ts). A printed figure says how
 * each page prints it (`printedAs`), so the reader can mark "3,711" for "$3.7 billion". Pure: page
 * texts (and the cells of the page's tables, with their row labels) are passed in.
 */
import type { Citation, FigureCheck, FigureStatus } from '@asks1/shared/contract/api'
import { citationFigures, findCitations } from '@asks1/shared/contract/citations'
import { derivedFrom, type Figure, printedAs } from '@asks1/shared/contract/figures'
import { type OtherLineItem, otherLineItem } from '@asks1/shared/retrieval/line-items'

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
  const groups: { pages: string[]; figures: Figure[]; claim: string }[] = []
  let prevEnd = -1
  found.forEach((c, i) => {
    const between = prevEnd >= 0 ? answer.slice(prevEnd, c.index) : null
    const figures = spans[i]?.figures ?? []
    const claim = spans[i]?.claim ?? ''
    const last = groups.at(-1)
    if (last && between !== null && JOINER_RE.test(between)) {
      if (!last.pages.includes(c.page)) last.pages.push(c.page)
      // The figures after the group's last citation, to its sentence's end, support the group.
      for (const f of figures) if (!last.figures.some((g) => g.text === f.text)) last.figures.push(f)
      last.claim = `${last.claim} ${claim}`
    } else {
      groups.push({ pages: [c.page], figures: [...figures], claim })
    }
    prevEnd = c.index + c.length
  })

  const byPage = new Map<string, Map<string, FigureCheck>>()
  for (const g of groups) {
    // How each page of the group prints each figure (empty: not printed there, or printed only
    // in another line item's row: then `other` says which).
    const seen = new Map<Figure, Map<string, string[]>>()
    const other = new Map<Figure, OtherLineItem>()
    for (const f of g.figures) {
      const onPages = new Map<string, string[]>()
      for (const p of g.pages) {
        const text = pageText.get(p)
        const as = text === undefined ? [] : printedAs(f, text, pageCells.get(p))
        if (as.length === 0) continue
        const elsewhere = otherLineItem(f, g.claim, pageCells.get(p) ?? [], text)
        if (elsewhere) other.set(f, other.get(f) ?? elsewhere)
        else onPages.set(p, [...new Set(as.map((a) => a.text))])
      }
      seen.set(f, onPages)
    }
    const checks = checkGroup(g.figures, (f) => (seen.get(f)?.size ?? 0) > 0, other)
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

const RANK: Record<FigureStatus, number> = { 'not-found': 0, 'other-line-item': 1, computed: 2, printed: 3 }
const notFound = (figure: string): FigureCheck => ({ figure, found: false, status: 'not-found' })

/**
 * Each figure of a group: printed on one of its pages, or printed there only as another line item
 * than its sentence names, or computed from the group's printed figures (the answer's own, never
 * arbitrary cells), or not found. A computed figure is never `found`: the page does not print it,
 * and the reply says how it was computed instead.
 */
function checkGroup(
  figures: readonly Figure[],
  printed: (f: Figure) => boolean,
  other: ReadonlyMap<Figure, OtherLineItem>,
): FigureCheck[] {
  const onPage = figures.filter(printed)
  return figures.map((f) => {
    if (onPage.includes(f)) return { figure: f.text, found: true, status: 'printed' }
    const lineItem = other.get(f)
    if (lineItem) return { figure: f.text, found: false, status: 'other-line-item', lineItem }
    const d = derivedFrom(f, onPage)
    return d ? { figure: f.text, found: false, status: 'computed', derivation: d.text } : notFound(f.text)
  })
}
