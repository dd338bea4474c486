/**
 * The citation check's figure test measured on reference answers: every figure of a question's
 * reference answer, checked against the question's gold pages (text and tables) as the server
 * checks a cited page (`figureOnPage`, then `derivedFrom` for a figure the answer computes from
 * figures it quotes beside it).
 *
 * - A correct figure is `printed` (on a gold page), `computed` (the sum or difference of the
 *   answer's own figures printed on the gold pages) or neither: a false "not verified".
 * - Each printed or computed figure is then made wrong twice: 10% more, printed exactly ("$7
 *   million" → "$7.7 million", "23.03%" → "25.33%"), and in the wrong units (million ↔ billion,
 *   thousand → million). A wrong figure still found on every gold page that prints the right one
 *   (the pages an answer would cite for it) is a false "verified"; one still computed from the
 *   answer's figures is a false "computed".
 * Pure: pages are passed in.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { derivedFrom, type Figure, figureOnPage, parseFigures } from '@asks1/shared/contract/figures'
import { tableFigures } from '@asks1/shared/contract/tables'

export interface ReferenceQuestion {
  id: string
  answer?: string
  gold_pages: string[]
}

export interface CheckerScore {
  figures: number
  /** Correct figures printed on a gold page. */
  printed: number
  /** Correct figures no gold page prints, computed from the answer's printed figures. */
  computed: number
  /** Correct figures neither printed on a gold page nor computed: false "not verified". */
  falseNotVerified: number
  /** Wrong figures (10% off, or wrong units) checked. */
  wrongChecked: number
  /** Wrong figures the check finds printed. */
  falseVerified: number
  /** Wrong figures the check calls computed. */
  falseComputed: number
  examples: string[]
}

const onPage = (f: Figure, p: PageRecord) => figureOnPage(f, p.text, tableFigures(p.tables ?? [], p.label))

/** Decimal places of a printed number ("7.7" → 1). */
const places = (s: string) => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0)

/**
 * The figure made 10% bigger and printed exactly, with as many more decimals as that takes: a
 * wrong answer states its wrong number at the precision it has ("$7.7 million", not "$8 million",
 * which a page may well print for another line item).
 */
export function offBy10(f: Figure): Figure {
  const printed = /\d[\d,]*(?:\.\d+)?|\.\d+/.exec(f.text)?.[0] ?? '0'
  const d = places(printed)
  const raw = (Math.abs(f.number) * 1.1).toFixed(d + 2).replace(/0+$/, '')
  const digits = raw.endsWith('.') ? raw.slice(0, -1) : raw
  const number = Math.sign(f.number || 1) * Number(digits)
  const shown = Number(digits).toLocaleString('en-US', { maximumFractionDigits: places(digits) })
  const tolerance = 0.5 * 10 ** -places(digits) * f.scale
  return { ...f, text: f.text.replace(printed, shown), number, value: number * f.scale, tolerance }
}

/** The figure in the wrong units: a million becomes a billion, a billion a million, a thousand a million. */
export function wrongUnits(f: Figure): Figure | null {
  if (!f.scaled) return null
  const scale = f.scale === 1e9 ? 1e6 : f.scale * 1e3
  return {
    ...f,
    text: `${f.text} (wrong units)`,
    scale,
    value: f.number * scale,
    tolerance: (f.tolerance / f.scale) * scale,
  }
}

export function emptyScore(): CheckerScore {
  return {
    figures: 0,
    printed: 0,
    computed: 0,
    falseNotVerified: 0,
    wrongChecked: 0,
    falseVerified: 0,
    falseComputed: 0,
    examples: [],
  }
}

export function checkReferenceFigures(
  questions: readonly ReferenceQuestion[],
  pages: ReadonlyMap<string, PageRecord>,
): CheckerScore {
  const score = emptyScore()
  for (const q of questions) {
    if (!q.answer) continue
    const gold = q.gold_pages.map((l) => pages.get(l)).filter((p): p is PageRecord => p !== undefined)
    if (!gold.length) continue
    const figures = parseFigures(q.answer)
    // The pages an answer would cite for each figure: the gold pages that print it.
    const cited = new Map(figures.map((f) => [f, gold.filter((p) => onPage(f, p))]))
    const printed = figures.filter((f) => cited.get(f)?.length)
    for (const f of figures) {
      score.figures++
      const pagesOf = cited.get(f) ?? []
      const derivation = pagesOf.length ? null : derivedFrom(f, printed)
      if (pagesOf.length) score.printed++
      else if (derivation) score.computed++
      else {
        score.falseNotVerified++
        score.examples.push(`${q.id}: "${f.text}" not found on p.${q.gold_pages.join(', p.')}`)
        continue
      }
      for (const wrong of [offBy10(f), wrongUnits(f)]) {
        if (!wrong) continue
        score.wrongChecked++
        if (pagesOf.length ? pagesOf.every((p) => onPage(wrong, p)) : gold.some((p) => onPage(wrong, p))) {
          score.falseVerified++
          score.examples.push(`${q.id}: wrong "${wrong.text}" found`)
        } else if (
          derivedFrom(
            wrong,
            printed.filter((p) => p !== f),
          )
        ) {
          score.falseComputed++
          score.examples.push(`${q.id}: wrong "${wrong.text}" computed`)
        }
      }
    }
  }
  return score
}

const COUNTS = [
  'figures',
  'printed',
  'computed',
  'falseNotVerified',
  'wrongChecked',
  'falseVerified',
  'falseComputed',
] as const

/** Scores added up (a total over filings), without examples. */
export function addScores(scores: readonly CheckerScore[]): CheckerScore {
  const total = emptyScore()
  for (const s of scores) for (const k of COUNTS) total[k] += s[k]
  return total
}
