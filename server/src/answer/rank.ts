/**
 * Ranks the sentences and table rows of the retrieved chunks against a question: BM25 over the
 * units (each sentence or row is a document, so the sentence that answers beats the passage that
 * mentions the words; the terms' weights and each unit's measure are evidence-model.ts's), times
 * the answer type it holds, the period asked, how close together the question's terms sit, and
 * retrieval's own order. Pure.
 *
 * Besides the score, each unit gets its `coverage`: the IDF-weighted share of the question's terms
 * it contains (0..1). Unlike BM25 it does not grow with the question's length, so one threshold on
 * it works for every question: the abstention rule and the relevance badge both read it.
 */

import { isYear, yearsIn } from '@asks1/shared/contract/calendar'
import { isMoney, parseFigures } from '@asks1/shared/contract/figures'
import type { TextUnit } from '@asks1/shared/contract/sentences'
import { holdsAnswerType, quarterWording } from '@asks1/shared/retrieval/query'
import { clipWindow, MAX_QUOTE } from './clip'
import type { EvidenceModel, Prepared } from './evidence-model'
import { printsSymbol } from './form-answers'
import { isTitleWord } from './offices'
import { namesFirm } from './party-names'
import { namesProceeding, proceedingsHeading } from './proceedings'
import type { QuestionAnalysis } from './question'
import { stemsOf } from './stems'

export interface RankedUnit extends TextUnit {
  score: number
  /** The stretch `[from, to)` of the text quoted (the whole unit unless it is too long to quote). */
  window: { from: number; to: number }
  coverage: number
  /** Evidence that the unit is about what was asked (0..1): coverage with names weighed up and words the filing never uses weighed down. */
  evidence: number
  /** The question's terms (and phrases) the unit contains. */
  matched: string[]
  /** Rank of the retrieved chunk it came from (0 = best). */
  hit: number
  /** Read from the chunk's printed page, outside the chunk's own text (page-units.ts). */
  outside: boolean
  section: string | null
  /** The unit names a period the question asks about (the year, and the quarter when one is asked). */
  periodHit: boolean
  /**
   * The unit names no year itself but its passage names the asked one: "Under the terms of the
   * agreement, BioMarin will pay …" in the note dated September 26, 2024.
   */
  periodInPassage: boolean
  /** The unit states a figure (an amount, a share, a count; a bare year is not one). */
  hasFigure: boolean
  /** The unit's figures are all sums of money (a price, an amount): no count or share among them. */
  moneyOnly: boolean
  /** The unit holds the kind of answer asked for. */
  typeHit: boolean
  /** The passage the unit comes from names what the question names (true when it names nothing). */
  namesHeld: boolean
}

/** What a unit quotes: the whole unit, or its window when it is too long to quote whole. */
export const quotedText = (u: RankedUnit): string => u.text.slice(u.window.from, u.window.to)

/**
 * A modal auxiliary: a sentence that says what may or could happen (risk-factor boilerplate) does not
 * state a fact, so it is a weaker answer to a question that does not itself ask what could happen.
 */
const HEDGE_RE = /\b(?:may|might|could|would)\b/i
/** Calibrated on the tuning sets (0.3–0.8 within one fact of each other; 0.6 mid-plateau). */
const HEDGE_FACTOR = 0.6
/**
 * Units longer than this are scored on their quoted window only; a long sentence is still read
 * whole. Calibrated on the tuning sets (1×, 1.5×, 2×, 3× the quote, and never: tuning facts 56.0,
 * 56.0, 56.0, 54.8, 54.8 %; first quote on a gold page 56.4, 56.4, 54.5, 54.5, 52.7 %), read on the
 * check sets (facts 49.3, 50.7, 50.7, 50.7, 49.3 %). docs/answers.md.
 */
const WINDOW_SCORED = 1.5 * MAX_QUOTE

/** Smallest window of token positions holding every matched term once, in tokens (proximity). */
function span(stems: readonly string[], wanted: ReadonlySet<string>): number {
  if (wanted.size < 2) return 1
  const last = new Map<string, number>()
  let best = Number.POSITIVE_INFINITY
  stems.forEach((s, i) => {
    if (!wanted.has(s)) return
    last.set(s, i)
    if (last.size === wanted.size) best = Math.min(best, i - Math.min(...last.values()) + 1)
  })
  return Number.isFinite(best) ? best : stems.length
}

/**
 * Whether a text names a person or firm (the answer-type evidence of the query module) once the
 * filer's own name and titles of office are read as common words: "Pandora was founded on a deeply
 * held passion" names no founder, "our Chief Executive Officer" no one.
 */
function namesSomeone(text: string, own: readonly string[]): boolean {
  const ownSet = new Set(own)
  const masked = text.replace(/\b\p{Lu}[\p{L}]*\b/gu, (w) =>
    isTitleWord(w) || stemsOf(w).some((t) => ownSet.has(t)) ? w.toLowerCase() : w,
  )
  return holdsAnswerType(masked, 'name') || namesFirm(masked)
}

/** Whether a text states a figure, and whether all it states are sums of money. */
function figureFacts(text: string): { hasFigure: boolean; moneyOnly: boolean } {
  const figures = parseFigures(text).filter((f) => !f.label)
  return {
    hasFigure: figures.length > 0,
    moneyOnly: figures.length > 0 && figures.every(isMoney),
  }
}

/**
 * A unit's match to the question, measured on what it would quote. A flattened table (a unit over
 * WINDOW_SCORED characters) is scored on its quoted window: one holding "money" near its start and
 * "total" 2,000 characters on matches neither where it is quoted. The names asked about count
 * wherever the unit prints them: they say whom the unit is about, not where the answer is.
 */
function measureQuoted(u: Prepared, q: QuestionAnalysis, model: EvidenceModel) {
  const heading = q.formAnswer === 'proceedings' ? proceedingsHeading(u.text, model.passages[u.hit]) : null
  // A proceeding's particulars are read with their section's heading, as a row with its table's.
  const whole = heading ? model.measure(`${heading} ${u.text}`) : model.measureUnit(u)
  const focus = [...whole.matched, ...q.periods]
  const window = clipWindow(u.text, focus, u.pageStarts.slice(1))
  if (u.text.length <= WINDOW_SCORED) return { ...whole, window, seen: u.text, stems: u.stems }
  const quoted = u.text.slice(window.from, window.to)
  // Rows of a table are measured with the table's header, which says what their figures are.
  const seen = window.header ? `${u.text.slice(window.header.from, window.header.to)} ${quoted}` : quoted
  const names = whole.matched.filter((m) => q.names.includes(m))
  const stems = model.stems(seen)
  return { ...model.measure(seen, [...stems, ...names]), window, seen, stems }
}

/** The retrieved units ranked for the question, from its evidence model (built once per answer). */
export function rankUnits(q: QuestionAnalysis, model: EvidenceModel): RankedUnit[] {
  const years = q.periods.filter(isYear)
  const quarters = q.periods.flatMap((p) => (/^q[1-4]$/.test(p) ? [quarterWording(Number(p.slice(1)))] : []))
  const hedged = !HEDGE_RE.test(q.text)
  // A question naming a year and no other kind of answer ("What was the revenue in 2011?") asks for
  // what the filing reports for that period: a sum or a count, not a percentage (a change is asked
  // as one: "how fast", "what percentage").
  const asked = q.answerType === 'other' && years.length > 0 ? 'amount' : q.answerType
  return model.units
    .map((u) => {
      const { window, seen, bm25, coverage, evidence, matched, stems } = measureQuoted(u, q, model)
      const typeHit =
        q.formAnswer === 'symbol'
          ? printsSymbol(seen)
          : q.formAnswer === 'proceedings'
            ? namesProceeding(seen)
            : asked === 'name'
              ? namesSomeone(seen, q.own ?? [])
              : holdsAnswerType(seen, asked)
      const unitYears = yearsIn(u.text)
      const periodHit =
        years.some((y) => unitYears.includes(y)) &&
        (quarters.length === 0 || quarters.some((re) => re.test(u.text)))
      let score = bm25 * (0.5 + coverage)
      if (typeHit) score *= 1.5
      // A unit about another year is about another period; a row's years sit in its table's header.
      if (years.length && !periodHit && unitYears.length && u.kind === 'sentence') score *= 0.6
      if (periodHit) score *= 1.3
      const close = span(stems, new Set(matched.filter((m) => !m.includes(' '))))
      score *= 1 + (0.5 * Math.min(matched.length, 4)) / Math.max(close, 4)
      if (hedged && HEDGE_RE.test(u.text)) score *= HEDGE_FACTOR
      // Retrieval already ranked the chunks: a gentle preference for earlier ones.
      score /= 1 + u.hit * 0.05
      if (u.outside) score *= model.outsideWeight
      return {
        text: u.text,
        window,
        pages: u.pages,
        pageStarts: u.pageStarts,
        kind: u.kind,
        hit: u.hit,
        outside: !!u.outside,
        section: u.section,
        score,
        coverage,
        evidence,
        matched,
        periodHit,
        typeHit,
        namesHeld: model.namesHeld[u.hit] ?? true,
        periodInPassage:
          !periodHit &&
          unitYears.length === 0 &&
          quarters.length === 0 &&
          years.some((y) => model.yearsHeld[u.hit]?.includes(y)),
        ...figureFacts(u.text),
      }
    })
    .sort((a, b) => b.score - a.score)
}
