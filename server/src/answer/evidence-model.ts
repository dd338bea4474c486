/**
 * The question's terms weighed over the retrieved units, and the measure of any text against them:
 * the IDF-weighted share of the terms it holds (`coverage`, for the ranking), the same with names
 * weighed up and the reader's own words weighed down (`evidence`, for the abstention and the
 * badges), and its BM25. The units are the retrieved chunks' sentences and table rows (with their
 * pages' other units when asked: page-units.ts), segmented and stemmed once per answer; the ranker
 * (rank.ts) and the table rows (table-rows.ts) read the same model. Pure.
 */

import { yearsIn } from '@asks1/shared/contract/calendar'
import { type TextUnit, textUnits } from '@asks1/shared/contract/sentences'
import { TIME_WORDS } from '@asks1/shared/retrieval/query'
import { wordRelatives } from '@asks1/shared/retrieval/wordnet'
import type { SearchHit } from '@asks1/shared/store'
import { definedAbbreviations, withExpansions, withStandard } from './acronyms'
import { everydayZipf } from './everyday'
import type { FilingVocabulary } from './filing-df'
import { pageUnits, type WholePages } from './page-units'
import type { QuestionAnalysis } from './question'
import { stemsOf } from './stems'

/** Calibrated on the tuning sets (facebook, pandora); see docs/answers.md. */
export const NAME_WEIGHT = 8
export const UNSEEN_WEIGHT = 0.3
/**
 * A question word at least this common in everyday English (SUBTLEX-US Zipf, everyday.ts) weighs
 * EVERYDAY_WEIGHT of its IDF in the ranking. Calibrated on the tuning sets with the filing IDF
 * (Zipf 5.5 / 5.8 / 6.0 × 0.3 / 0.5 / 0.7: facts 60.0 at 5.5 and 5.8, 57.6 at 6.0; precision best
 * at 5.8 × 0.5 and 0.7, 56.0 %), read on the check sets (precision 57.3 → 58.6 %). docs/answers.md.
 */
export const EVERYDAY_ZIPF = 5.8
const EVERYDAY_WEIGHT = 0.5
const K1 = 1.2
const B = 0.75

export interface Prepared extends TextUnit {
  hit: number
  section: string | null
  stems: string[]
  lower: string
  /** Read from the printed page of a retrieved chunk, outside the chunk's own text (page-units.ts). */
  outside?: boolean
}

/** Prepared units per retrieved list: the answer and its relevance check read the same hits. */
const prepared = new WeakMap<readonly SearchHit[], Map<string, Prepared[]>>()

/** Units of the retrieved chunks, in retrieval order; a unit two overlapping chunks share counts once. */
function prepare(hits: readonly SearchHit[], abbreviations: ReadonlyMap<string, string[]>): Prepared[] {
  const key = [...abbreviations.keys()].join(' ')
  const byKey = prepared.get(hits) ?? new Map<string, Prepared[]>()
  prepared.set(hits, byKey)
  const cached = byKey.get(key)
  if (cached) return cached
  const seen = new Set<string>()
  const out: Prepared[] = []
  hits.forEach((h, hit) => {
    for (const u of textUnits(h.chunk.text, h.chunk.pages[0] ?? null)) {
      const key = u.text.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      const stems = withExpansions(stemsOf(u.text), abbreviations)
      out.push({ ...u, hit, section: h.chunk.section, stems, lower: key })
    }
  })
  byKey.set(key, out)
  return out
}

/** Idf and evidence weights of the question's terms over the retrieved units (the ranker's corpus). */
export interface EvidenceModel {
  units: readonly Prepared[]
  /** Per retrieved chunk (by rank), whether its text names what the question names (nameHeads). */
  namesHeld: readonly boolean[]
  /** Per retrieved chunk (by rank), the years its text prints. */
  yearsHeld: readonly (readonly string[])[]
  /** Per retrieved chunk (by rank), its text: where a unit's heading is read (proceedings.ts). */
  passages: readonly string[]
  /** Evidence (0..1), coverage (0..1), BM25 and the matched terms of one text. */
  measure(text: string, stems?: readonly string[]): Measure
  /** `measure` of one of `units`, on the related forms the model already expanded for it. */
  measureUnit(u: Prepared): Measure
  /** The text's stems in index space, with the abbreviations the question asks about read both ways. */
  stems(text: string): string[]
  /** What a unit read outside its chunk weighs (page-units.ts; 1 when none is added). */
  outsideWeight: number
}

interface Measure {
  evidence: number
  coverage: number
  bm25: number
  matched: string[]
}

export interface ModelOptions {
  weights?: { name: number; unseen: number }
  /**
   * The filing's own document frequencies: BM25 and coverage (the ranking) weigh a word by how rare
   * it is in the filing. The evidence (the abstention and the badges) stays local: it was calibrated
   * on the retrieved units, and a word rare in the filing would carry weak matches over the bar.
   */
  filing?: FilingVocabulary | null
  /** The retrieved chunks' whole printed pages, whose other units are ranked too (page-units.ts). */
  wholePages?: WholePages | null
}

/** The question's terms weighed over the retrieved units, and a measure of any text against them. */
export function evidenceModel(
  q: QuestionAnalysis,
  hits: readonly SearchHit[],
  opts: ModelOptions = {},
): EvidenceModel {
  const abbreviations = askedAbbreviations(q, hits)
  const own = prepare(hits, abbreviations)
  const units = opts.wholePages ? [...own, ...pageUnits(hits, own, opts.wholePages, abbreviations)] : own
  const expand = relatedForms(q)
  // Each unit's stems with their related forms, once: the weights count them and the unit's
  // measure matches on them.
  const related = new Map(units.map((u) => [u, expand(u.stems)]))
  // The weights are the chunks' own units': the pages add candidates, not evidence (the abstention
  // bar was calibrated on the retrieved passages).
  const w = termWeights(
    q,
    own,
    opts,
    own.map((u) => related.get(u) ?? []),
  )
  const avgLen = own.reduce((a, u) => a + u.stems.length, 0) / Math.max(own.length, 1) || 1
  // A passage names what the question names when it prints the last word of each name: "Mr.
  // Zuckerberg" is about "Mark Zuckerberg"; "the United States" is not about Spotify.
  const namesHeld = hits.map((h) => {
    const stems = new Set(stemsOf(h.chunk.text))
    return q.nameHeads.every((t) => stems.has(t))
  })
  const yearsHeld = hits.map((h) => [...new Set(yearsIn(h.chunk.text))])
  return {
    units,
    namesHeld,
    yearsHeld,
    passages: hits.map((h) => h.chunk.text),
    outsideWeight: opts.wholePages?.weight ?? 1,
    stems: (text) => withExpansions(stemsOf(text), abbreviations),
    measure: (text, stems = withExpansions(stemsOf(text), abbreviations)) =>
      measureText(q, w, avgLen, text, stems, expand(stems)),
    measureUnit: (u) => measureText(q, w, avgLen, u.text, u.stems, related.get(u) ?? expand(u.stems)),
  }
}

/**
 * The abbreviations the retrieved passages define ("monthly active users (MAUs)"): a unit printing
 * "MAUs" holds "monthly active users" too, for ranking, evidence and the badges alike. Only those
 * the question asks about, by either form: "monthly active users" is not "daily active users",
 * though they share two words.
 */
function askedAbbreviations(q: QuestionAnalysis, hits: readonly SearchHit[]) {
  const asked = new Set(q.terms)
  return new Map(
    [...withStandard(definedAbbreviations(hits.map((h) => h.chunk.text)))].filter(
      ([short, full]) => asked.has(short) || full.every((t) => asked.has(t)),
    ),
  )
}

/**
 * A text's stems with the question's words its derivationally related forms stand for (WordNet,
 * as retrieval searches them): "we acquired Current Health" holds "acquisitions". Not a word of a
 * period: "every day" is not "daily" (a daily measure is its own thing; Twitter's "500 million
 * Tweets every day" answered "How many daily active users?").
 */
function relatedForms(q: QuestionAnalysis): (stems: readonly string[]) => string[] {
  const terms = new Set(q.terms)
  const related = new Map<string, string>()
  for (const w of wordRelatives(q.text))
    if (terms.has(w.term))
      for (const d of w.derived)
        if (!terms.has(d) && !TIME_WORDS.has(d) && !related.has(d)) related.set(d, w.term)
  return (stems) =>
    related.size === 0 ? [...stems] : [...stems, ...stems.flatMap((x) => related.get(x) ?? [])]
}

/**
 * The question's terms weighed for the ranking (`rank`) and for the evidence (`evidence`), over the
 * units' stems with their related forms (`held`, one per unit).
 */
interface TermWeights {
  rank: (t: string) => number
  evidence: (t: string) => number
  /** Sums over the question's terms and phrases: what a text holding all of them scores. */
  totalRank: number
  totalEvidence: number
}

function termWeights(
  q: QuestionAnalysis,
  units: readonly Prepared[],
  opts: ModelOptions,
  held: readonly (readonly string[])[],
): TermWeights {
  const weights = opts.weights ?? { name: NAME_WEIGHT, unseen: UNSEEN_WEIGHT }
  const n = Math.max(units.length, 1)
  const df = new Map<string, number>()
  for (const t of new Set(q.terms)) df.set(t, held.filter((u) => u.includes(t)).length)
  for (const p of q.phrases) df.set(p, units.filter((u) => u.lower.includes(p)).length)
  const localIdf = (t: string) => {
    const d = df.get(t) ?? 0
    return Math.log(1 + (n - d + 0.5) / (d + 0.5))
  }
  const filing = opts.filing
  // A unit the filing reads differently (an abbreviation read both ways) counts at least locally.
  const idf = filing
    ? (t: string) => {
        const d = Math.max(filing.df(t), df.get(t) ?? 0)
        return Math.log(1 + (filing.units - d + 0.5) / (d + 0.5))
      }
    : localIdf
  // The ranking's weights: a reader's everyday word ("money", "make", "come", "ever") weighs less
  // (the filing uses it in phrases of its own: "money market funds"); the evidence is untouched.
  const rank = (t: string) => idf(t) * (everydayZipf(t) >= EVERYDAY_ZIPF ? EVERYDAY_WEIGHT : 1)
  // Evidence weights: a name asked about must be there; a word no retrieved passage uses is the
  // reader's wording, not the filing's (a paraphrase), and says little either way.
  const names = new Set(q.names)
  const evidence = (t: string) =>
    localIdf(t) * (names.has(t) ? weights.name : (df.get(t) ?? 0) === 0 ? weights.unseen : 1)
  const all = [...new Set(q.terms), ...q.phrases]
  return {
    rank,
    evidence,
    totalRank: all.reduce((a, t) => a + rank(t), 0),
    totalEvidence: all.reduce((a, t) => a + evidence(t), 0),
  }
}

/**
 * Evidence, coverage and BM25 of one text against the question's weighed terms: `printed` are its
 * own stems (what the ranking counts), `stems` the same with their related forms (the evidence).
 */
function measureText(
  q: QuestionAnalysis,
  w: TermWeights,
  avgLen: number,
  text: string,
  printed: readonly string[],
  stems: readonly string[],
): Measure {
  const lower = text.toLowerCase()
  let bm25 = 0
  let weight = 0
  let ev = 0
  const matched: string[] = []
  for (const t of new Set(q.terms)) {
    const tf = stems.filter((s) => s === t).length
    if (!tf) continue
    matched.push(t)
    ev += w.evidence(t)
    // The ranking counts the words printed; a related form is evidence, not a match to rank by
    // (counted in the ranking it added followers: tuning and check precision -0.2 each).
    const own = printed.filter((s) => s === t).length
    if (!own) continue
    weight += w.rank(t)
    bm25 += (w.rank(t) * own * (K1 + 1)) / (own + K1 * (1 - B + (B * printed.length) / avgLen))
  }
  for (const p of q.phrases) {
    if (!lower.includes(p)) continue
    matched.push(p)
    weight += w.rank(p)
    ev += w.evidence(p)
    bm25 += w.rank(p) * 1.5
  }
  return {
    evidence: w.totalEvidence > 0 ? ev / w.totalEvidence : 0,
    coverage: w.totalRank > 0 ? weight / w.totalRank : 0,
    bm25,
    matched,
  }
}
