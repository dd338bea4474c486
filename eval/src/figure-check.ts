/**
 * The citation check's figure test measured on reference answers: every figure of a question's
 * reference answer, checked against the question's gold pages (text and tables) as the server
 * checks a cited page. A correct figure not found is a false "not verified"; the same figure made
 * wrong (10% off) or given wrong units (million <-> billion) and still found on every gold page
 * that states the right one (the pages an answer would cite for it) is a false "verified".
 * Pure: pages are passed in.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { type Figure, figureOnPage, parseFigures } from '@asks1/shared/contract/figures'
import { tableFigures } from '@asks1/shared/contract/tables'

export interface ReferenceQuestion {
  id: string
  answer?: string
  gold_pages: string[]
}

export interface CheckerScore {
  figures: number
  /** Correct figures the check does not find on any gold page. */
  falseNotVerified: number
  /** Wrong figures (10% off, or wrong units) the check finds. */
  wrongChecked: number
  falseVerified: number
  examples: string[]
}

const found = (f: Figure, pages: readonly PageRecord[]) =>
  pages.some((p) => figureOnPage(f, p.text, tableFigures(p.tables ?? [], p.label)))

/** The figure made wrong: 10% more, printed with as many decimals. */
function offBy10(f: Figure): Figure {
  const number = f.number * 1.1
  return { ...f, text: `${f.text} (+10%)`, number, value: number * f.scale }
}

/** The figure in the wrong units: a million becomes a billion and a billion a million. */
function wrongUnits(f: Figure): Figure | null {
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

export function checkReferenceFigures(
  questions: readonly ReferenceQuestion[],
  pages: ReadonlyMap<string, PageRecord>,
): CheckerScore {
  const score: CheckerScore = {
    figures: 0,
    falseNotVerified: 0,
    wrongChecked: 0,
    falseVerified: 0,
    examples: [],
  }
  for (const q of questions) {
    if (!q.answer) continue
    const gold = q.gold_pages.map((l) => pages.get(l)).filter((p): p is PageRecord => p !== undefined)
    if (!gold.length) continue
    for (const f of parseFigures(q.answer)) {
      score.figures++
      // The pages an answer would cite for this figure: the gold pages that state it.
      const cited = gold.filter((p) => found(f, [p]))
      if (!cited.length) {
        score.falseNotVerified++
        score.examples.push(`${q.id}: "${f.text}" not found on p.${q.gold_pages.join(', p.')}`)
        continue
      }
      for (const wrong of [offBy10(f), wrongUnits(f)]) {
        if (!wrong) continue
        score.wrongChecked++
        if (cited.every((p) => found(wrong, [p]))) {
          score.falseVerified++
          score.examples.push(`${q.id}: wrong "${wrong.text}" found`)
        }
      }
    }
  }
  return score
}
