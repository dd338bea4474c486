/**
 * Figures that moved: the changed words of each rewritten passage that are figures (an amount, a share
 * count, a blank `$` a preliminary prospectus leaves to be filled in), named after the offering term
 * their passage states; and the financial periods the new version reports that the old one did not.
 */
import type { DiffPart, FigureChange, TextChange } from '../contract/changes'
import { type Figure, parseFigures } from '../contract/figures'
import { wordOf } from '../contract/number-words'
import { pagesOf } from './align'
import { offeringTermOf, PERIOD_PHRASE } from './offering-terms'
import type { Section, Word } from './sections'

/** The blank `$` a preliminary prospectus leaves for a price not yet set. */
const BLANK_AMOUNT = /^\(?\$\)?$/

/** An amount that matters outside any offering term: money, a percentage, a per-share figure, a count. */
const isAmount = (f: Figure) => f.kind !== 'number' || Math.abs(f.value) >= 1000

/** The same numbers printed another way ("$1,200 million" → "$1.2 billion") did not move. */
function sameNumbers(before: string, after: string): boolean {
  const a = parseFigures(before).map((f) => f.value)
  const b = parseFigures(after).map((f) => f.value)
  return a.length > 0 && a.length === b.length && a.every((v, i) => v === b[i])
}

/** Changed runs closer than this many unchanged words state one figure (`$ and $` → `$28.00 and $35.00`). */
const FIGURE_GAP = 2

/** The changed spans of a passage: old and new text of each cluster of nearby changed runs. */
function changedSpans(change: TextChange): { before: string; after: string; changed: string[] }[] {
  const clusters: DiffPart[][] = []
  let current: DiffPart[] = []
  for (const p of change.parts) {
    const gap = p.op === 'equal' ? p.text.split(/\s+/).length : 0
    if (p.op === 'equal' && (gap > FIGURE_GAP || current.length === 0)) {
      if (current.length) clusters.push(current)
      current = []
      continue
    }
    current.push(p)
  }
  if (current.length) clusters.push(current)
  return clusters.map((span) => {
    while (span.at(-1)?.op === 'equal') span.pop()
    const text = (skip: string) =>
      span
        .filter((p) => p.op !== skip)
        .map((p) => p.text)
        .join(' ')
        .trim()
    const changed = span.filter((p) => p.op !== 'equal').flatMap((p) => p.text.split(/\s+/))
    return { before: text('added'), after: text('removed'), changed }
  })
}

/** The figures that moved in one rewritten passage (none when its changed words hold no figure). */
export function figuresOf(path: readonly string[], change: TextChange): FigureChange[] {
  if (change.kind !== 'rewritten') return []
  const context = change.to.text || change.from.text
  const out: FigureChange[] = []
  for (const { before, after, changed } of changedSpans(change)) {
    // Figures read with the shared figures module: dates, years and item numbers are not figures.
    const figures = parseFigures(changed.join(' '))
    if (figures.length === 0 && !changed.some((w) => BLANK_AMOUNT.test(w))) continue
    if (sameNumbers(before, after)) continue
    const at = Math.max(0, context.indexOf(after || before))
    const term = offeringTermOf(path, context, at)
    const named = term ?? (figures.some(isAmount) ? 'other figure' : null)
    if (!named) continue
    out.push({
      term: named,
      context,
      before: before || null,
      after: after || null,
      path: [...path],
      from: { pages: change.from.pages },
      to: { pages: change.to.pages },
    })
  }
  return out
}

interface Located {
  phrase: string
  key: string
  time: number
  pages: string[]
  context: string
  path: string[]
}

/** Every period phrase of a version, first occurrence of each, with its pages and sentence. */
function periodsOf(sections: readonly Section[]): Map<string, Located> {
  const out = new Map<string, Located>()
  for (const s of sections) {
    // Character offset of each word in the joined text, to map a match back to its words' pages.
    const starts: number[] = []
    let text = ''
    for (const w of s.words) {
      starts.push(text.length)
      text += `${w.text} `
    }
    for (const m of text.matchAll(PERIOD_PHRASE)) {
      const phrase = m[0]
      // "3 months ended" and "three months ended" are one period: its key spells the count.
      const key = phrase.toLowerCase().replace(/^(\d+) months/, (_m, d) => `${wordOf(Number(d)) ?? d} months`)
      if (out.has(key)) continue
      const from = wordAt(starts, m.index)
      const to = wordAt(starts, m.index + phrase.length - 1)
      const date = /(\w+ \d{1,2}, \d{4})$/.exec(phrase)?.[1] ?? ''
      out.set(key, {
        phrase,
        key,
        time: Date.parse(`${date} UTC`) || 0,
        pages: pagesOf(s.words.slice(from, to + 1)),
        context: sentenceAround(s.words, from, to),
        path: s.path,
      })
    }
  }
  return out
}

function wordAt(starts: readonly number[], offset: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] as number) <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}

function sentenceAround(words: readonly Word[], from: number, to: number): string {
  let a = from
  while (a > 0 && from - a < 30 && !/[.;:]$/.test((words[a - 1] as Word).text)) a--
  let b = to
  while (b < words.length - 1 && b - to < 30 && !/[.;:]$/.test((words[b] as Word).text)) b++
  return words
    .slice(a, b + 1)
    .map((w) => w.text)
    .join(' ')
}

/** Kind of a period (`three months`, `year`), so a new quarter is compared with the last quarter. */
const kindOf = (key: string) =>
  key
    .replace(/ ended .*$/, '')
    .replace(/^fiscal /, '')
    .replace(/s$/, '')

/**
 * Periods the new version reports that the old one did not, if later than every period of the same kind
 * the old version had (a re-worded old period is not a new one). The old side cites the old version's
 * latest period of that kind, the one the new period follows.
 */
export function periodsAdded(before: readonly Section[], after: readonly Section[]): FigureChange[] {
  const old = periodsOf(before)
  const out: FigureChange[] = []
  for (const p of periodsOf(after).values()) {
    if (old.has(p.key)) continue
    const sameKind = [...old.values()].filter((o) => kindOf(o.key) === kindOf(p.key))
    const latest = sameKind.sort((x, y) => y.time - x.time)[0]
    if (latest && latest.time >= p.time) continue
    out.push({
      term: 'financial period',
      context: p.context,
      before: latest?.phrase ?? null,
      after: p.phrase,
      path: p.path,
      from: { pages: latest?.pages ?? [] },
      to: { pages: p.pages },
    })
  }
  return out
}
