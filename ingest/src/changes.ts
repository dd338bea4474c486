/**
 * What a re-ingest changed, page by page: an amended filing (S-1/A) is one command, and the reader
 * of its output wants to know which printed pages moved before trusting old answers or evaluations.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'

export interface PageChanges {
  /** The version that was live before this ingest. */
  previous: string
  /** The source file's hash differs from the one the previous version was built from. */
  sourceChanged: boolean
  added: string[]
  removed: string[]
  /** Pages present in both whose text differs (whitespace ignored). */
  changed: string[]
  unchanged: number
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Pure: compares two page lists by printed label, in the new list's order (removed: the old one's). */
export function diffPages(
  before: Pick<PageRecord, 'label' | 'text'>[],
  after: Pick<PageRecord, 'label' | 'text'>[],
): Pick<PageChanges, 'added' | 'removed' | 'changed' | 'unchanged'> {
  const old = new Map(before.map((p) => [p.label, normalise(p.text)]))
  const now = new Set(after.map((p) => p.label))
  const added: string[] = []
  const changed: string[] = []
  let unchanged = 0
  for (const p of after) {
    const prev = old.get(p.label)
    if (prev === undefined) added.push(p.label)
    else if (prev !== normalise(p.text)) changed.push(p.label)
    else unchanged++
  }
  const removed = before.map((p) => p.label).filter((l) => !now.has(l))
  return { added, removed, changed, unchanged }
}

/** One line for the ingest summary, e.g. `3 pages changed (45, 67, F-12), 1 added (151), 0 removed`. */
export function describeChanges(c: PageChanges, max = 12): string {
  const list = (labels: string[]) =>
    labels.length === 0 ? '' : ` (${labels.slice(0, max).join(', ')}${labels.length > max ? ', …' : ''})`
  const head = `vs ${c.previous}${c.sourceChanged ? '' : ' (same source file)'}:`
  if (c.added.length + c.removed.length + c.changed.length === 0)
    return `${head} no page changed (${c.unchanged} pages)`
  return `${head} ${c.changed.length} changed${list(c.changed)}, ${c.added.length} added${list(c.added)}, ${c.removed.length} removed${list(c.removed)}, ${c.unchanged} unchanged`
}
