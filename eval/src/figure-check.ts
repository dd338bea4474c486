/**
 * The citation check's figure test measured on reference answers: every figure of a question's
 * reference answer, checked against the question's gold pages (text and tables) as the server
 * checks a cited page (`figureOnPage` and, for a table cell, the line item its sentence names:
 * `otherLineItem`; then `derivedFrom` for a figure the answer computes from figures it quotes
 * beside it).
 *
 * - A correct figure is `printed` (on a gold page), `computed` (the sum or difference of the
 *   answer's own figures printed on the gold pages) or neither: a false "not verified".
 * - Each printed or computed figure is then made wrong twice: 10% more, printed exactly ("$7
 *   million" → "$7.7 million", "23.03%" → "25.33%"), and in the wrong units (million ↔ billion,
 *   thousand → million). A wrong figure still found on every gold page that prints the right one
 *   (the pages an answer would cite for it) is a false "verified"; one still computed from the
 *   answer's figures is a false "computed".
 * - A figure printed as a table cell is also swapped for another row's cell of that page, in the
 *   same sentence (`otherRowFigure`): still found there, it is verified though its sentence may name
 *   another line item (counted apart: the line-item rule refuses only what the words contradict).
 * Pure: pages are passed in.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import {
  derivedFrom,
  type Figure,
  figureOnPage,
  figureStates,
  formatFigure,
  parseFigure,
  parseFigures,
} from '@asks1/shared/contract/figures'
import { segmentProse } from '@asks1/shared/contract/sentences'
import { tableFigures } from '@asks1/shared/contract/tables'
import { otherLineItem } from '@asks1/shared/retrieval/line-items'

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
  /** Correct figures swapped for another line item's cell of the same page (`otherRowFigure`). */
  otherRowChecked: number
  /** Swapped figures the check still finds printed: not told apart from the line item named. */
  otherRowVerified: number
  examples: string[]
}

/**
 * As the server checks a cited page: the figure is printed on it (text or a table cell), and not
 * only in a table row of another line item than its sentence (`claim`) names (line-items.ts).
 */
const onPage = (f: Figure, p: PageRecord, claim: string) => {
  const cells = tableFigures(p.tables ?? [], p.label)
  return figureOnPage(f, p.text, cells) && otherLineItem(f, claim, cells, p.text) === null
}

/** The sentence of `text` a figure found at `index` is in: the words that name its line item. */
const sentenceAt = (text: string, index: number): string =>
  segmentProse(text).findLast((s) => s.start <= index)?.text ?? text

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

/**
 * The figure swapped for another line item's on the same page: the first cell of the page's tables,
 * in a row printing no cell equal to `f`, of the same kind and not equal to `f`, written at the
 * quote's scale ("Revenue was $860 million" for "$3,711 million": the cost of revenue). Null when
 * no cell of the page prints `f` (nothing to swap within) or no other row has such a cell.
 */
export function otherRowFigure(f: Figure, cells: readonly Figure[]): Figure | null {
  const rows = new Set(cells.filter((c) => c.row !== undefined && figureStates(c, f)).map((c) => c.row))
  if (rows.size === 0) return null
  const other = cells.find(
    (c) =>
      c.row !== undefined && !rows.has(c.row) && c.kind === f.kind && c.value !== 0 && !figureStates(c, f),
  )
  if (!other) return null
  const number = other.value / f.scale
  return parseFigure(formatFigure({ ...f, number, value: other.value }))
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
    otherRowChecked: 0,
    otherRowVerified: 0,
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
    const answer = q.answer
    const figures = parseFigures(answer)
    const claim = new Map(figures.map((f) => [f, sentenceAt(answer, f.index)]))
    const on = (f: Figure, p: PageRecord, of: Figure = f) => onPage(f, p, claim.get(of) ?? answer)
    const cellsOf = (p: PageRecord) => tableFigures(p.tables ?? [], p.label)
    // The pages an answer would cite for each figure: the gold pages that print it.
    const cited = new Map(figures.map((f) => [f, gold.filter((p) => on(f, p))]))
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
      // Another line item's figure in the same words, on the first page printing f as a cell.
      const swapped = pagesOf
        .map((p) => ({ p, wrong: otherRowFigure(f, cellsOf(p)) }))
        .find((x) => x.wrong !== null)
      if (swapped?.wrong) {
        score.otherRowChecked++
        const sentence = (claim.get(f) ?? answer).replace(f.text, swapped.wrong.text)
        if (onPage(swapped.wrong, swapped.p, sentence)) {
          score.otherRowVerified++
          score.examples.push(`${q.id}: "${sentence.trim()}" verified on p.${swapped.p.label}`)
        }
      }
      for (const wrong of [offBy10(f), wrongUnits(f)]) {
        if (!wrong) continue
        score.wrongChecked++
        if (pagesOf.length ? pagesOf.every((p) => on(wrong, p, f)) : gold.some((p) => on(wrong, p, f))) {
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
  'otherRowChecked',
  'otherRowVerified',
] as const

/** Scores added up (a total over filings), without examples. */
export function addScores(scores: readonly CheckerScore[]): CheckerScore {
  const total = emptyScore()
  for (const s of scores) for (const k of COUNTS) total[k] += s[k]
  return total
}
