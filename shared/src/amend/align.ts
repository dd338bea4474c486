/**
 * Aligning two versions: sections paired by heading, then the words of each pair diffed.
 *
 * Sections pair first by the longest common subsequence of their headings (the `diff` library's
 * array diff), then leftovers by the same heading elsewhere (a moved section), then by shared words (a
 * renamed heading: "PRELIMINARY PROSPECTUS" → "PROSPECTUS"). A pair out of the order of the others is
 * moved. Words are diffed with the same library and grouped into passages with a sentence of context.
 */
import { diffArrays } from 'diff'
import type { DiffPart, TextChange } from '../contract/changes'
import type { Section, Word } from './sections'

export interface SectionPair {
  from: Section | null
  to: Section | null
  moved: boolean
}

/** Leftover sections sharing at least this share of distinct words are the same section renamed. */
const RENAMED_MIN_OVERLAP = 0.5
/** Changed runs closer than this many unchanged words are one passage. */
const MERGE_GAP = 6
/** Context words kept on each side of a passage, at most (cut at a sentence end when one is nearer). */
const CONTEXT_WORDS = 25
/** Text kept per side of one passage: a whole new section is cited by its pages, not reprinted. */
const MAX_SIDE_WORDS = 300

function overlap(a: Section, b: Section): number {
  const sa = new Set(a.words.map((w) => w.text.toLowerCase()))
  const sb = new Set(b.words.map((w) => w.text.toLowerCase()))
  if (sa.size === 0 || sb.size === 0) return 0
  let shared = 0
  for (const w of sa) if (sb.has(w)) shared++
  return (2 * shared) / (sa.size + sb.size)
}

/**
 * Indices (into `seq`) of the increasing subsequence of greatest total weight: the sections that kept
 * their order. What is left out moved; weighting by words makes the short section the one that moved
 * when two neighbours swap. Quadratic, fine for the few hundred sections of a filing.
 */
function heaviestIncreasing(seq: readonly number[], weight: readonly number[]): Set<number> {
  const best: number[] = []
  const prev: number[] = []
  let end = -1
  seq.forEach((v, i) => {
    best[i] = weight[i] as number
    prev[i] = -1
    for (let j = 0; j < i; j++) {
      if ((seq[j] as number) < v && (best[j] as number) + (weight[i] as number) > (best[i] as number)) {
        best[i] = (best[j] as number) + (weight[i] as number)
        prev[i] = j
      }
    }
    if (end < 0 || (best[i] as number) > (best[end] as number)) end = i
  })
  const keep = new Set<number>()
  for (let i = end; i >= 0; i = prev[i] as number) keep.add(i)
  return keep
}

/** Pure: pairs the sections of two versions; the result is in the new version's order. */
export function alignSections(before: Section[], after: Section[]): SectionPair[] {
  const pairs: { from: Section; to: Section }[] = []
  const oldLeft: Section[] = []
  const newLeft: Section[] = []
  let i = 0
  let j = 0
  for (const part of diffArrays(
    before.map((s) => s.key),
    after.map((s) => s.key),
  )) {
    const n = part.count ?? part.value.length
    for (let k = 0; k < n; k++) {
      if (part.added) newLeft.push(after[j++] as Section)
      else if (part.removed) oldLeft.push(before[i++] as Section)
      else pairs.push({ from: before[i++] as Section, to: after[j++] as Section })
    }
  }
  const take = (match: (o: Section, n: Section) => number, min: number) => {
    for (const n of [...newLeft]) {
      let best: Section | null = null
      let bestScore = min
      for (const o of oldLeft) {
        const score = match(o, n)
        if (score >= bestScore && (best === null || score > bestScore)) {
          best = o
          bestScore = score
        }
      }
      if (!best) continue
      pairs.push({ from: best, to: n })
      oldLeft.splice(oldLeft.indexOf(best), 1)
      newLeft.splice(newLeft.indexOf(n), 1)
    }
  }
  take((o, n) => (o.key !== '' && o.key === n.key ? 1 + overlap(o, n) : 0), 1)
  take(overlap, RENAMED_MIN_OVERLAP)

  pairs.sort((a, b) => a.to.index - b.to.index)
  const inOrder = heaviestIncreasing(
    pairs.map((p) => p.from.index),
    pairs.map((p) => p.from.words.length + 1),
  )
  const out: (SectionPair & { at: number })[] = pairs.map((p, k) => ({
    ...p,
    moved: !inOrder.has(k),
    at: p.to.index,
  }))
  for (const n of newLeft) out.push({ from: null, to: n, moved: false, at: n.index })
  // A removed section is listed where it stood: after the new position of the section before it.
  for (const o of oldLeft) {
    const anchor = pairs.filter((p) => p.from.index < o.index).at(-1)
    out.push({ from: o, to: null, moved: false, at: (anchor?.to.index ?? -1) + 0.5 })
  }
  out.sort((a, b) => a.at - b.at)
  return out.map(({ at: _at, ...p }) => p)
}

const join = (words: readonly Word[]) => words.map((w) => w.text).join(' ')
const clip = (words: readonly Word[]) =>
  words.length > MAX_SIDE_WORDS ? `${join(words.slice(0, MAX_SIDE_WORDS))} …` : join(words)
const endsSentence = (w: Word | undefined) => w !== undefined && /[.;:!?]["”’)]?$/.test(w.text)

/** Distinct page labels of some words, in order. */
export function pagesOf(words: readonly Word[]): string[] {
  const out: string[] = []
  for (const w of words) if (out.at(-1) !== w.page && !out.includes(w.page)) out.push(w.page)
  return out
}

/** Pages cited for a side's changed words; an empty side cites the page of its insertion point. */
function sidePages(words: readonly Word[], start: number, end: number): string[] {
  if (end > start) return pagesOf(words.slice(start, end))
  const at = words[start - 1] ?? words[start]
  return at ? [at.page] : []
}

/** A whole section present in one version only, as one change. */
export function wholeSection(words: readonly Word[], kind: 'added' | 'removed'): TextChange {
  const side = { pages: pagesOf(words), text: clip(words) }
  const none = { pages: [], text: '' }
  return {
    kind,
    from: kind === 'removed' ? side : none,
    to: kind === 'added' ? side : none,
    parts: [{ op: kind, text: side.text }],
  }
}

interface Op {
  op: DiffPart['op']
  a: number
  b: number
  n: number
}

/** Pure: the rewritten passages between two word runs, each with a sentence of context. */
export function diffWords(a: readonly Word[], b: readonly Word[]): TextChange[] {
  const ops: Op[] = []
  let i = 0
  let j = 0
  for (const part of diffArrays(
    a.map((w) => w.text),
    b.map((w) => w.text),
  )) {
    const n = part.count ?? part.value.length
    const op: DiffPart['op'] = part.added ? 'added' : part.removed ? 'removed' : 'equal'
    ops.push({ op, a: i, b: j, n })
    if (op !== 'added') i += n
    if (op !== 'removed') j += n
  }
  // Group changed runs separated by short unchanged ones (as op index ranges).
  const groups: [number, number][] = []
  let start = -1
  ops.forEach((o, k) => {
    if (o.op !== 'equal') {
      if (start < 0) start = k
      return
    }
    if (start >= 0 && (o.n >= MERGE_GAP || k === ops.length - 1)) {
      groups.push([start, k - 1])
      start = -1
    }
  })
  if (start >= 0) groups.push([start, ops.length - 1])

  return groups.map(([s0, s1]) => {
    const g = ops.slice(s0, s1 + 1)
    const first = g[0] as Op
    const last = g.at(-1) as Op
    const a0 = first.a
    const b0 = first.b
    const a1 = last.op === 'added' ? last.a : last.a + last.n
    const b1 = last.op === 'removed' ? last.b : last.b + last.n
    // Context comes from the unchanged runs around the passage only, never from the next passage.
    const before = ops[s0 - 1]?.n ?? 0
    const after = ops[s1 + 1]?.n ?? 0
    let left = 0
    while (left < Math.min(CONTEXT_WORDS, before) && !endsSentence(a[a0 - left - 1])) left++
    let right = 0
    while (right < Math.min(CONTEXT_WORDS, after) && (right === 0 || !endsSentence(a[a1 + right - 1])))
      right++
    const parts: DiffPart[] = []
    const push = (op: DiffPart['op'], words: readonly Word[]) => {
      if (!words.length) return
      const text = clip(words)
      const prev = parts.at(-1)
      if (prev?.op === op) prev.text += ` ${text}`
      else parts.push({ op, text })
    }
    push('equal', a.slice(a0 - left, a0))
    for (const o of g) push(o.op, o.op === 'added' ? b.slice(o.b, o.b + o.n) : a.slice(o.a, o.a + o.n))
    push('equal', a.slice(a1, a1 + right))
    const kind: TextChange['kind'] = a1 === a0 ? 'added' : b1 === b0 ? 'removed' : 'rewritten'
    return {
      kind,
      from: { pages: sidePages(a, a0, a1), text: clip(a.slice(a0 - left, a1 + right)) },
      to: { pages: sidePages(b, b0, b1), text: clip(b.slice(b0 - left, b1 + right)) },
      parts,
    }
  })
}
