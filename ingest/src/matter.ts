/**
 * Front and back matter. Front: the cover, underwriters and table of contents, i.e. everything before
 * the first page of the main (arabic) sequence, plus any roman-numbered pages. Back: Part II (`II-n`
 * pages or a `PART II` heading), the exhibit index, signatures, and unnumbered text after the last
 * printed page. Both only add duplicate, keyword-dense chunks, so only `body` is chunked.
 */
import type { Matter } from '@asks1/shared/chunk'
import type { RawPage } from './paging'

export interface MatterOptions {
  /** Forces the front cut: pages lying wholly on the first N physical pages are front matter. */
  skipPages?: number
}

/** Headings that open back matter; checked only in the last third of the document. */
const BACK_HEADINGS = [
  /^part ii\b.*$/i,
  /^information not required in (the )?prospectus$/i,
  /^signatures?$/i,
  /^(exhibit index|index to exhibits|exhibits index)$/i,
  /^item 15\.? exhibits/i,
]

function opensBack(page: RawPage): boolean {
  // Only the first few lines: a heading that opens the page, not a cross-reference in the text.
  for (const line of page.lines.slice(0, 6)) {
    const text = line.text.trim()
    if (text.length > 80) continue
    if (BACK_HEADINGS.some((re) => re.test(text))) return true
  }
  return false
}

export function assignMatter(pages: RawPage[], opts: MatterOptions = {}): Matter[] {
  const matter: Matter[] = pages.map(() => 'body')
  if (pages.length === 0) return matter
  if (pages.every((p) => p.fallback)) return matter

  // Front: up to the first page of the longest (main) sequence, which is arabic in every filing form.
  const counts = new Map<string, number>()
  for (const p of pages) if (p.seq) counts.set(p.seq, (counts.get(p.seq) ?? 0) + 1)
  const main = counts.has('arabic') ? 'arabic' : [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  let firstBody = pages.findIndex((p) => p.seq === main)
  if (firstBody < 0) firstBody = 0
  for (let i = 0; i < firstBody; i++) matter[i] = 'front'
  for (let i = 0; i < pages.length; i++) if (pages[i]?.seq === 'roman') matter[i] = 'front'
  if (opts.skipPages !== undefined && opts.skipPages > 0) {
    const n = opts.skipPages
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i] as RawPage
      if (p.physical.length > 0 && p.physical.every((x) => x <= n)) matter[i] = 'front'
    }
  }

  // Back: the Part II sequence, a back-matter heading late in the document, and the unnumbered tail.
  let lastNumbered = -1
  for (let i = pages.length - 1; i >= 0; i--)
    if (!pages[i]?.fallback) {
      lastNumbered = i
      break
    }
  let backFrom = lastNumbered + 1
  const partTwo = pages.findIndex((p) => p.seq === 'II')
  if (partTwo >= 0) backFrom = Math.min(backFrom, partTwo)
  const lateStart = Math.floor(pages.length * (2 / 3))
  for (let i = Math.max(lateStart, firstBody + 1); i < backFrom; i++) {
    if (opensBack(pages[i] as RawPage)) {
      backFrom = i
      break
    }
  }
  for (let i = backFrom; i < pages.length; i++) if (matter[i] !== 'front') matter[i] = 'back'
  return matter
}
