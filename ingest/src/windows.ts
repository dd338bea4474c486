/**
 * Where chunks start and end, as word ranges `[start, end)` of the body: fixed windows over the
 * whole text, or windows that stop at the filing's section headings (issue 13: "every chunk knows
 * its section path"; a window running from one section into the next took the first one's path,
 * so Facebook's employee count sat in a chunk filed under "Legal Proceedings").
 */
import { PATH_SEP } from '@asks1/shared/retrieval/vocabulary'

/**
 * `size` words each, the next starting `size - overlap` words on, the last ending with the text
 * (the whole body as one run, headings ignored).
 */
export function windows(total: number, size: number, overlap: number): [number, number][] {
  const out: [number, number][] = []
  for (let start = 0; start < total; start += size - overlap) {
    const end = Math.min(start + size, total)
    out.push([start, end])
    if (end === total) break
  }
  return out
}

/** A section of the body: where it starts and the path the heading there gives it. */
export interface SectionStart {
  at: number
  text: string
}

export interface SectionWindowOptions {
  size: number
  overlap: number
  /**
   * A run of sections shorter than this is packed with the sections after it (while they fit in
   * one chunk, under the same top-level heading), so a run of one-paragraph sections is not a run
   * of tiny chunks; 0 keeps every section whole on its own.
   */
  pack: number
}

/**
 * Windows that never cross a section's start: the body cut at each heading that changes the path
 * (a running head repeating the path is no new section), short sections packed (`pack`), and a
 * section longer than a chunk windowed with overlap, its last window ending at the section's end
 * and `size` words long, as all the others (450 words: 0–400 and 50–450, not a 150-word tail).
 * Measured (docs/retrieval.md, round 9): windows of equal length beat equal windows of a shorter
 * length (a 450-word section as two of 275), as a chunk's length weighs in its BM25.
 */
export function sectionWindows(
  total: number,
  sections: readonly SectionStart[],
  opts: SectionWindowOptions,
): [number, number][] {
  const out: [number, number][] = []
  for (const [start, end] of packed(sectionRanges(total, sections), opts))
    out.push(...sectionWindowsOf(start, end, opts.size, opts.overlap))
  return out
}

/** A section's word range and its top-level heading (the path's first part). */
interface Range {
  start: number
  end: number
  top: string | null
}

/** The body's sections as word ranges, each starting where the path changes. */
function sectionRanges(total: number, sections: readonly SectionStart[]): Range[] {
  const out: Range[] = []
  let path: string | null = null
  let open: Range = { start: 0, end: total, top: null }
  for (const s of sections) {
    if (s.text === path || s.at >= total) continue
    path = s.text
    const top = s.text.split(PATH_SEP)[0] ?? null
    if (s.at > open.start) {
      out.push({ ...open, end: s.at })
      open = { start: s.at, end: total, top }
    } else open.top = top
  }
  out.push(open)
  return out
}

/**
 * Consecutive sections joined while the run is shorter than `pack`, the next still fits and is
 * under the same top-level heading: a form's item or a financial statement always starts a chunk
 * (packed across one, CAMP4's balance sheet was filed under the auditor's report before it).
 */
function packed(ranges: readonly Range[], opts: SectionWindowOptions): [number, number][] {
  const out: Range[] = []
  for (const r of ranges) {
    const last = out.at(-1)
    if (last && last.top === r.top && last.end - last.start < opts.pack && r.end - last.start <= opts.size)
      last.end = r.end
    else out.push({ ...r })
  }
  return out.map((r) => [r.start, r.end])
}

/** `[start, end)` windowed as the whole body is, the last window pulled back to `size` words. */
function sectionWindowsOf(start: number, end: number, size: number, overlap: number): [number, number][] {
  const out = windows(end - start, size, overlap).map(([s, e]): [number, number] => [start + s, start + e])
  const last = out.at(-1) as [number, number]
  if (out.length > 1) last[0] = end - size
  return out
}
