/**
 * The change report between two versions of a filing, from their printed pages alone. Pure: the server
 * computes it on demand from the two stored versions (see docs/amendments.md for why), `ingest amend`
 * prints its summary, and the evaluation scores it against known changes.
 */
import type { FigureChange, SectionChange, VersionComparison } from '../contract/changes'
import { alignSections, diffWords, pagesOf, wholeSection } from './align'
import { figuresOf, periodsAdded } from './figures'
import { type ReportPage, splitSections } from './sections'

type Pages = readonly ReportPage[]

/** Compares two versions' pages (each in document order). */
export function compareVersions(before: Pages, after: Pages): VersionComparison {
  const old = splitSections(before)
  const now = splitSections(after)
  const sections: SectionChange[] = []
  const figures: FigureChange[] = []
  for (const pair of alignSections(old, now)) {
    const { from, to } = pair
    if (!from && to) {
      sections.push({
        status: 'added',
        path: to.path,
        from: { pages: [] },
        to: { pages: pagesOf(to.words) },
        changes: [wholeSection(to.words, 'added')],
      })
      continue
    }
    if (from && !to) {
      sections.push({
        status: 'removed',
        path: from.path,
        from: { pages: pagesOf(from.words) },
        to: { pages: [] },
        changes: [wholeSection(from.words, 'removed')],
      })
      continue
    }
    if (!from || !to) continue
    const same =
      from.words.length === to.words.length && from.words.every((w, i) => w.text === to.words[i]?.text)
    const changes = same ? [] : diffWords(from.words, to.words)
    if (changes.length === 0 && !pair.moved) continue
    const renamed = from.key !== to.key
    sections.push({
      status: pair.moved ? 'moved' : 'rewritten',
      path: to.path,
      ...(renamed ? { fromPath: from.path } : {}),
      from: { pages: pagesOf(from.words) },
      to: { pages: pagesOf(to.words) },
      changes,
    })
    for (const c of changes) {
      figures.push(...figuresOf(to.path, c))
    }
  }
  figures.push(...periodsAdded(old, now))
  const count = (status: SectionChange['status']) => sections.filter((s) => s.status === status).length
  return {
    sections,
    figures,
    summary: {
      sectionsAdded: count('added'),
      sectionsRemoved: count('removed'),
      sectionsRewritten: count('rewritten'),
      sectionsMoved: count('moved'),
      passages: sections.reduce(
        (n, s) => n + (s.status === 'rewritten' || s.status === 'moved' ? s.changes.length : 0),
        0,
      ),
      figures: figures.length,
    },
  }
}
