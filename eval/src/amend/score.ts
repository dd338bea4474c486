/**
 * Scoring a change report against known changes. Each reported item (a rewritten passage, a whole
 * added or removed section, a moved section, a figure) must match a known change: one that does not
 * is spurious. Each known change must be matched by at least one item: one that is not was missed.
 * A passage matches by its changed words only (never by its unchanged context), so a true change
 * cannot hide a spurious one beside it.
 */
import type { OfferingTerm, SectionStatus, VersionComparison } from '@asks1/shared/contract/changes'

export interface KnownChange {
  id: string
  description: string
  /** Regular expression (source, case-insensitive) the item's changed text must match. */
  match: string
  /** For a section-level change: the status it must have (e.g. `moved`). */
  status?: SectionStatus
  /** For a figure: the offering term it must be reported under. Known changes with a term match figures only. */
  term?: OfferingTerm
}

export interface ReportedItem {
  kind: 'passage' | 'section' | 'figure'
  status?: SectionStatus
  term?: OfferingTerm
  /** The changed text (added and removed words; both figures of a figure change). */
  text: string
  /** `p.14 → p.14`: where the item is cited. */
  cite: string
}

export interface PairScore {
  pair: string
  reported: number
  correct: number
  known: number
  found: number
  precision: number
  recall: number
  missed: KnownChange[]
  spurious: ReportedItem[]
}

const side = (pages: readonly string[]) => (pages.length ? `p.${pages.join(',')}` : '—')

/** The report's items, one per passage, per moved section and per figure. */
export function reportedItems(report: VersionComparison): ReportedItem[] {
  const items: ReportedItem[] = []
  for (const s of report.sections) {
    if (s.status === 'moved')
      items.push({
        kind: 'section',
        status: 'moved',
        text: s.path.join(' > '),
        cite: `${side(s.from.pages)} → ${side(s.to.pages)}`,
      })
    for (const c of s.changes)
      items.push({
        kind: s.status === 'added' || s.status === 'removed' ? 'section' : 'passage',
        status: s.status,
        text: c.parts
          .filter((p) => p.op !== 'equal')
          .map((p) => p.text)
          .join(' … '),
        cite: `${side(c.from.pages)} → ${side(c.to.pages)}`,
      })
  }
  for (const f of report.figures)
    items.push({
      kind: 'figure',
      term: f.term,
      text: `${f.before ?? ''} → ${f.after ?? ''} | ${f.context}`,
      cite: `${side(f.from.pages)} → ${side(f.to.pages)}`,
    })
  return items
}

function matches(item: ReportedItem, known: KnownChange): boolean {
  if (known.term !== undefined)
    return item.kind === 'figure' && item.term === known.term && new RegExp(known.match, 'i').test(item.text)
  if (item.kind === 'figure') return false
  if (known.status !== undefined && item.status !== known.status) return false
  return new RegExp(known.match, 'i').test(item.text)
}

export function scorePair(pair: string, report: VersionComparison, known: readonly KnownChange[]): PairScore {
  const items = reportedItems(report)
  const spurious = items.filter((i) => !known.some((k) => matches(i, k)))
  const missed = known.filter((k) => !items.some((i) => matches(i, k)))
  const correct = items.length - spurious.length
  return {
    pair,
    reported: items.length,
    correct,
    known: known.length,
    found: known.length - missed.length,
    precision: items.length ? correct / items.length : 1,
    recall: known.length ? (known.length - missed.length) / known.length : 1,
    missed,
    spurious,
  }
}
