/**
 * A figure the filing states exactly in one place and rounds elsewhere ("we had 2,712 full-time
 * employees" under Employees; "approximately 2,700 full-time employees" in the risk factors and
 * MD&A): the rounded restatement says nothing the exact one does not, so when both are quoted the
 * rounded one goes. Read by the words the filing marks a rounding with ("approximately", "about");
 * a bound ("over 1,200", "less than 10%") is neither a rounding nor an exact figure. Pure.
 */
import { type Figure, figureStates, parseFigures } from '@asks1/shared/contract/figures'
import { quotedText, type RankedUnit } from './rank'

/** Words marking a figure as rounded, just before it. */
const ROUNDED_BEFORE = /\b(?:approximately|about|around|roughly|nearly|almost)\s*$/i
/** Words marking a figure as a bound, just before it. */
const BOUND_BEFORE =
  /\b(?:over|more\s+than|less\s+than|fewer\s+than|at\s+least|up\s+to|in\s+excess\s+of)\s*$/i

/** A quote's figures, bounds left out, each marked rounded or exact. */
function figuresWithMark(u: RankedUnit): { figure: Figure; rounded: boolean }[] {
  const text = quotedText(u)
  const before = (f: Figure) => text.slice(Math.max(0, f.index - 20), f.index)
  return parseFigures(text)
    .filter((f) => !BOUND_BEFORE.test(before(f)))
    .map((figure) => ({ figure, rounded: ROUNDED_BEFORE.test(before(figure)) }))
}

/** The unit a rounded figure is rounded to: a whole number's trailing zeros ("2,700": hundreds). */
const roundedUnit = (f: Figure): number => {
  // A decimal or a percentage is rounded to its last printed digit (`tolerance` is half of it).
  if (!Number.isInteger(f.number) || f.kind === 'percent') return 2 * f.tolerance
  let n = Math.abs(f.number)
  let unit = 1
  while (n > 0 && n % 10 === 0) {
    n /= 10
    unit *= 10
  }
  return unit * f.scale
}

/** Whether a rounded figure is a rounding of an exact one (and not the same print). */
const roundsFrom = (exact: Figure, rounded: Figure): boolean =>
  exact.value !== rounded.value &&
  (exact.kind === 'percent') === (rounded.kind === 'percent') &&
  (figureStates(exact, rounded) || Math.abs(exact.value - rounded.value) <= roundedUnit(rounded) / 2)

/**
 * The quotes without those printing no exact figure and a rounding of one another quote states
 * exactly.
 */
export function withoutRoundings(quotes: readonly RankedUnit[]): RankedUnit[] {
  const marked = quotes.map(figuresWithMark)
  return quotes.filter((_, i) => {
    const own = marked[i] ?? []
    if (own.length === 0 || own.some((f) => !f.rounded)) return true
    const exact = marked.flatMap((m, j) => (j === i ? [] : m.filter((f) => !f.rounded).map((f) => f.figure)))
    return !own.some((f) => exact.some((e) => roundsFrom(e, f.figure)))
  })
}
