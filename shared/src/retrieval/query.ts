/**
 * Query analysis: a question becomes, once, what every later stage needs of it: the keyword terms
 * the stores search with (in index space: the same tokenizer and stemmer as the index), the
 * multi-word phrases it names, the periods it asks about, and the kind of answer its grammatical
 * form asks for. Stores, the reranker and the extractive scorer all read this; none derives terms
 * from raw text itself.
 *
 * Nothing here comes from a particular question: the answer type follows English interrogative
 * syntax ("how many" + noun, "when", "who", an auxiliary verb first), and periods follow how filings
 * print them ("fiscal 2012", "the six months ended June 30, 2016", "Q3 2012").
 *
 * Over 300 lines because it is the one place a question is read: splitting it would spread one
 * parse (terms, names, periods, answer type, parts) over modules that each need the others' output.
 */

import { MONTH_NAMES, monthOf } from '../contract/calendar'
import { parseFigures } from '../contract/figures'
import { NUMBER_WORDS } from '../contract/number-words'
import { asksSpan, printsDuration, TIME_UNITS } from './durations'
import type { StatementId } from './financial-terms'
import { type NamedSection, namedSections } from './sections'
import { askedStatements, splitInstructions } from './statements'
import { isStopWord, keywordTerms } from './terms'
import { ANSWER_CAPTIONS } from './vocabulary'
import { DERIVE_WEIGHT, expansionTerms, SYNONYM_WEIGHT, type WordRelatives, wordRelatives } from './wordnet'

export type AnswerType =
  | 'amount'
  | 'percentage'
  | 'count'
  | 'date'
  | 'duration'
  | 'name'
  | 'location'
  | 'yesno'
  | 'other'

export interface Period {
  kind: 'year' | 'fiscal-year' | 'quarter' | 'months-ended' | 'date'
  /** Four-digit year, when the question gives one. */
  year: number | null
  /** 1–4 for a quarter. */
  quarter?: number
  /** Length of a "N months ended" period. */
  months?: number
  /**
   * The month (1–12) the period ends in, when the question says so of its year: "the year ended
   * January 2010", "through January 31, 2011" (a fiscal year that does not end in December).
   */
  endMonth?: number
  /** The question's own words for the period. */
  text: string
}

export interface QueryAnalysis {
  /** The question as typed. */
  text: string
  /** Distinct search terms in index space (what the stores match), in first-seen order. */
  terms: string[]
  /** Runs of two or more adjacent content words, as index terms ("content acquisit cost"). */
  phrases: string[][]
  periods: Period[]
  answerType: AnswerType
  /** The primary statements the question names, or whose line items a ratio it names is made of. */
  statements?: StatementId[]
  /**
   * WordNet's relatives of the question's plain words (wordnet.ts), read once here. Those of the
   * words whose term is searched join the search at lower weights (`expansions`, `searchTerms`); a
   * caller that edits `terms` (a compound question's parts) gets the expansions of its edit. An
   * analysis built by hand without them has them read from `text` when searched.
   */
  relatives?: WordRelatives[]
  /** The standard sections (vocabulary.ts ids) whose title the question names (sections.ts). */
  sections?: NamedSection[]
  /** The question's dense vector, when an embedder is present. */
  vector?: Float32Array | null
}

const MONTHS = [
  ...MONTH_NAMES,
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
].join('|')
/** Ordinals that name a quarter ("third quarter"). */
export const ORDINAL_QUARTER: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4 }

/**
 * The words of a period ("the first quarter of fiscal 2012", "six months ended June 30"), in index
 * space: the months and quarter ordinals `findPeriods` reads, and the nouns and numbers periods are
 * written with. A passage sharing only these with a question shares its date, not its subject.
 */
export const TIME_WORDS = new Set(
  keywordTerms(
    [
      'year years annual fiscal quarter quarters quarterly month months monthly week weeks day days',
      'period ended ending end half six nine three twelve',
      ...Object.keys(ORDINAL_QUARTER),
      ...MONTH_NAMES,
    ].join(' '),
  ),
)

/**
 * How a filing names quarter n (1–4), in prose or a column's period: "third quarter", "third
 * fiscal quarter", "Q3", or the three months ended with it.
 */
export function quarterWording(quarter: number): RegExp {
  const ordinal = Object.keys(ORDINAL_QUARTER)[quarter - 1]
  return new RegExp(`\\b${ordinal} (?:fiscal )?quarter\\b|\\bQ${quarter}\\b|\\bthree months ended\\b`, 'i')
}

/** "ended/ending/through <month> [day,] <year>": where a period of that year ends. */
const END_MONTH_RE = new RegExp(
  `\\b(?:ended|ending|through|thru)\\s+(${MONTHS})\\.?(?:\\s+\\d{1,2},?)?\\s+((?:19|20)\\d{2})\\b`,
  'gi',
)

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y))

/** The periods a question names, most specific first; a bare year also found inside one is not repeated. */
export function findPeriods(question: string): Period[] {
  const q = question.normalize('NFKC')
  const out: Period[] = []
  const covered: [number, number][] = []
  const ends = [...q.matchAll(END_MONTH_RE)].map((m) => ({
    year: Number(m[2]),
    month: monthOf(m[1] as string),
  }))
  const take = (m: RegExpMatchArray, p: Omit<Period, 'text'>) => {
    const start = m.index ?? 0
    const end = start + m[0].length
    if (covered.some(([s, e]) => start < e && end > s)) return
    covered.push([start, end])
    const endMonth = p.year === null ? null : ends.find((e) => e.year === p.year)?.month
    out.push({ ...p, ...(endMonth ? { endMonth } : {}), text: m[0] })
  }
  const monthsEnded = new RegExp(
    `\\b(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})[- ]months?(?: period)? ended(?: (?:${MONTHS})\\.? \\d{1,2})?(?:,? ((?:19|20)\\d{2}))?`,
    'gi',
  )
  for (const m of q.matchAll(monthsEnded)) {
    const n = m[1] as string
    const months = /\d/.test(n) ? Number(n) : (NUMBER_WORDS[n.toLowerCase()] ?? 0)
    take(m, { kind: 'months-ended', months, year: m[2] ? Number(m[2]) : null })
  }
  const quarterRes = [
    /\b(first|second|third|fourth) (?:fiscal )?quarter(?: of)?(?: (?:fiscal )?(?:year )?((?:19|20)\d{2}))?/gi,
    /\bq([1-4])(?:\s?(?:fy)?'?((?:19|20)?\d{2}))?\b/gi,
    /\b([1-4])q'?((?:19|20)?\d{2})\b/gi,
  ]
  for (const re of quarterRes) {
    for (const m of q.matchAll(re)) {
      const which = m[1] as string
      const quarter = /\d/.test(which) ? Number(which) : (ORDINAL_QUARTER[which.toLowerCase()] ?? 0)
      take(m, { kind: 'quarter', quarter, year: m[2] ? fullYear(m[2]) : null })
    }
  }
  const dateRe = new RegExp(`\\b(?:${MONTHS})\\.? \\d{1,2},? ((?:19|20)\\d{2})\\b`, 'gi')
  for (const m of q.matchAll(dateRe)) take(m, { kind: 'date', year: Number(m[1]) })
  const fiscalRes = [
    /\bfiscal(?: year)?(?: ended)? ((?:19|20)\d{2})\b/gi,
    /\bfy\s?'?((?:19|20)?\d{2})\b/gi,
    /\b((?:19|20)\d{2}) fiscal year\b/gi,
  ]
  for (const re of fiscalRes)
    for (const m of q.matchAll(re)) take(m, { kind: 'fiscal-year', year: fullYear(m[1] as string) })
  for (const m of q.matchAll(/(?<![\d$.,])((?:19|20)\d{2})(?![\d%])/g))
    take(m, { kind: 'year', year: Number(m[1]) })
  return out
}

/** Nouns that make a "what/which" question ask for a share ("what percentage", "what share of"). */
const SHARE_NOUNS = /^(?:percent|percentage|share|proportion|portion|fraction|ratio|rate|margin)$/i
/** Nouns that make a "what/which" question ask for a place. */
const PLACE_NOUNS = /^(?:city|state|country|countries|address|location|jurisdiction|exchange)$/i
/** Nouns that make a "what/which" question ask for a time. */
const TIME_NOUNS = /^(?:date|year|day|month|quarter)$/i
/** Nouns that make a "what/which" question ask for an amount of money. */
const AMOUNT_NOUNS = /^(?:amount|total|sum|cost|costs|price|value|balance|expense|expenses|fee|fees)$/i
/** Nouns that make a "what/which" question ask for someone or something named. */
const NAME_NOUNS = /^(?:name|names|company|companies|firm|firms|person|people|bank|banks|entity|entities)$/i
const AUXILIARIES =
  /^(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would|should|may|might|must)$/i

/**
 * The kind of answer the question's interrogative form asks for. Only the interrogative word and
 * the noun it governs are read ("how many employees" → count, "what percentage" → percentage).
 */
export function answerTypeOf(question: string): AnswerType {
  const words = question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%$' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return 'other'
  // The interrogative may follow a lead-in ("In 2011, how many…", "According to the filing, what…").
  const at = words.findIndex((w) => /^(?:how|what|which|who|whom|whose|when|where)$/.test(w))
  if (at < 0) return AUXILIARIES.test(words[0] as string) ? 'yesno' : 'other'
  const wh = words[at] as string
  const next = words.slice(at + 1, at + 5).filter((w) => !isStopWord(w) || w === 'much' || w === 'many')
  const first = next[0] ?? ''
  switch (wh) {
    case 'who':
    case 'whom':
    case 'whose':
      return 'name'
    case 'when':
      return 'date'
    case 'where':
      return 'location'
    case 'how': {
      const w = words[at + 1] ?? ''
      // "how long", "how many days": the interrogatives of a duration (durations.ts).
      if (w === 'many') return TIME_UNITS.test(words[at + 2] ?? '') ? 'duration' : 'count'
      if (w === 'much') return 'amount'
      if (w === 'long') return 'duration'
      if (w === 'old') return 'count'
      if (/^(?:fast|quickly)$/.test(w)) return 'percentage'
      return 'other'
    }
    default: {
      // what / which + the noun it governs (the first content word after it).
      if (words[at + 1] === '%' || SHARE_NOUNS.test(first)) return 'percentage'
      if (asksSpan(words, at)) return 'duration'
      return nounAnswerType(first)
    }
  }
}

/**
 * The kind of answer a noun governed by "what/which" asks for ("what city" → location, "what
 * price" → amount), 'other' when it names none: the noun lists above, in one place for the
 * interrogative's noun and for the answer module's reading past a possessive (asked-noun.ts).
 */
export function nounAnswerType(noun: string): AnswerType {
  if (SHARE_NOUNS.test(noun)) return 'percentage'
  if (TIME_UNITS.test(noun) || TIME_NOUNS.test(noun)) return 'date'
  if (PLACE_NOUNS.test(noun)) return 'location'
  if (AMOUNT_NOUNS.test(noun)) return 'amount'
  if (noun === 'number') return 'count'
  if (NAME_NOUNS.test(noun)) return 'name'
  return 'other'
}

/** Words of the interrogative frame: they say what kind of answer is wanted, not its subject. */
const FRAME_WORDS = new Set(['how', 'many', 'much', 'long', 'old'])

/** Runs of two or more adjacent content words of the question, each as its index terms. */
function phrasesOf(question: string): string[][] {
  const out: string[][] = []
  let run: string[] = []
  const flush = () => {
    if (run.length >= 2) out.push(run)
    run = []
  }
  for (const raw of question.normalize('NFKC').split(/(\s+|[.,;:!?()"“”])/)) {
    if (!raw.trim()) continue
    if (/^[.,;:!?()"“”]$/.test(raw)) {
      flush()
      continue
    }
    const lower = raw.toLowerCase()
    if (isStopWord(lower) || FRAME_WORDS.has(lower)) {
      flush()
      continue
    }
    const terms = keywordTerms(raw).filter((t) => !t.includes(' '))
    if (terms.length === 0) flush()
    else run.push(terms[terms.length - 1] as string)
  }
  flush()
  return out
}

export interface AnalyzeOptions {
  vector?: Float32Array | null
  /**
   * Drop the degree frame ("how fast", "how far") and delexical verbs from the terms (default on;
   * `RETRIEVAL_OFF=frame` turns it off; "how many/much/long/old" are dropped either way).
   */
  frame?: boolean
  /**
   * Of the sentences that address the answerer rather than ask ("Round your answer to two decimal
   * places."), keep only the financial labels they name (default on; `RETRIEVAL_OFF=instructions`).
   */
  instructions?: boolean
}

/**
 * "how many", "how much", "how long", "how old": the interrogative frame of a quantity question,
 * with its measure when that is money ("how much money"): "how much" already says the answer is an
 * amount (answerTypeOf), and filings state amounts as figures ("$79.4 million"), not with the word
 * "money" (which they print in "money market funds", a line item of its own).
 */
const INTERROGATIVE_FRAME = /\bhow\s+(?:many|much|long|old)(?:\s+money\b)?\b/gi
/**
 * "how" + a degree adverb or adjective asks for a degree ("how fast did it grow" asks a rate of
 * growth); the degree word says what kind of answer is wanted (answerTypeOf), the verb says of what.
 */
const DEGREE_FRAME = /\bhow\s+(?:fast|quickly|far|often|big|large|soon)\b/gi
/**
 * Delexical ("light") verbs: in "make revenue", "take a charge", "go to buying property" the noun
 * carries the meaning and the verb almost none (Collins COBUILD English Grammar, 1990, "delexical
 * verbs": have, do, give, make, take, go, get; have and do are stop words already). A filing prints
 * the noun ("revenue was"), seldom the verb.
 */
// Lower case and not hyphenated: "Take-Two" and "make-whole" are names, not delexical uses.
const DELEXICAL_VERBS =
  /(?<![-\p{L}])(?:make|makes|made|making|take|takes|took|taken|taking|give|gives|gave|given|giving|get|gets|got|gotten|getting|go|goes|went|gone|going)(?![-\p{L}])/gu

/** The question without its interrogative frame and delexical verbs: the words that say what it is about. */
export function questionSubject(question: string): string {
  return question.replace(INTERROGATIVE_FRAME, ' ').replace(DEGREE_FRAME, ' ').replace(DELEXICAL_VERBS, ' ')
}

/** The one analysis of a question every retrieval and answering stage reads. */
export function analyzeQuery(question: string, options: AnalyzeOptions = {}): QueryAnalysis {
  const periods = findPeriods(question)
  const { question: asked, instructionLabels } =
    options.instructions === false ? { question, instructionLabels: [] } : splitInstructions(question)
  // The interrogative frame ("how many", "how fast") says what kind of answer is wanted
  // (answerType), not what it is about: searching for "much" finds nothing useful.
  const subject = options.frame === false ? asked.replace(INTERROGATIVE_FRAME, ' ') : questionSubject(asked)
  const terms = new Set(keywordTerms([subject, ...instructionLabels].join('. ')))
  // "FY2022" and "Q3'12" are one token to the tokenizer; filings print the year on its own.
  for (const p of periods) {
    if (p.year !== null) terms.add(String(p.year))
    if (p.kind === 'fiscal-year') terms.add('fiscal')
  }
  return {
    text: question,
    terms: [...terms],
    phrases: phrasesOf([asked, ...instructionLabels].join('. ')),
    periods,
    answerType: answerTypeOf(asked),
    statements: askedStatements(question),
    relatives: wordRelatives(question),
    sections: namedSections(question, [...terms]),
    ...(options.vector !== undefined ? { vector: options.vector } : {}),
  }
}

/**
 * The terms searched beside the question's own at lower weights: WordNet's derivationally related
 * forms of the searched words, then the synonyms of their first sense (wordnet.ts).
 */
export const expansions = (
  q: Pick<QueryAnalysis, 'text' | 'terms' | 'relatives'>,
  derive = true,
  acronyms = false,
  titles = true,
): { derived: string[]; synonyms: string[] } =>
  expansionTerms(q.relatives ?? wordRelatives(q.text), q.terms, derive, acronyms, titles)

export interface SearchTermOptions {
  /** Search the derived terms (default on; feature `derive`). */
  derive?: boolean
  /** Search the synonyms (default on; feature `synonyms`). */
  synonyms?: boolean
  /** Search the form's caption for the asked kind of answer (default on; feature `captions`). */
  captions?: boolean
  /** Search what an acronym stands for, as a derivation (feature `acronyms`; default off). */
  acronyms?: boolean
  /**
   * Search what an acronym naming a person's title stands for ("CEO" → chief executive officer),
   * as a derivation (feature `titles`; default on).
   */
  titles?: boolean
  /** Query weight of a derived term (default DERIVE_WEIGHT). */
  deriveWeight?: number
  /** Query weight of a synonym (default SYNONYM_WEIGHT). */
  synonymWeight?: number
}

/**
 * What a store searches for the question: its terms at weight 1, then its expansions at theirs
 * (WordNet's relatives, and the form's caption for the asked kind of answer, as a derivation).
 */
export function searchTerms(
  q: Pick<QueryAnalysis, 'text' | 'terms' | 'relatives'> & Partial<Pick<QueryAnalysis, 'answerType'>>,
  options: SearchTermOptions = {},
): { terms: string[]; termWeights: number[] } {
  const { derived: found, synonyms } = expansions(
    q,
    options.derive !== false,
    options.acronyms === true,
    options.titles !== false,
  )
  const s = options.synonyms === false ? [] : synonyms
  // The form's caption for the asked kind of answer, weighted as a derivation: another form of
  // what the question asks, not its words (vocabulary.ts).
  const caption =
    q.answerType && options.captions !== false ? ANSWER_CAPTIONS[q.answerType]?.caption : undefined
  const d = [
    ...found,
    ...(caption ? keywordTerms(caption) : []).filter((t) => !q.terms.includes(t) && !found.includes(t)),
  ]
  return {
    terms: [...q.terms, ...d, ...s],
    termWeights: [
      ...q.terms.map(() => 1),
      ...d.map(() => options.deriveWeight ?? DERIVE_WEIGHT),
      ...s.map(() => options.synonymWeight ?? SYNONYM_WEIGHT),
    ],
  }
}

/**
 * The last words of the capitalised titles a filing gives laws, rules and its own documents ("the
 * Securities Act", "the Exchange Act", "the Internal Revenue Code", "the Credit Agreement", "the 2005
 * Stock Plan"): a run of capitalised words ending so names an instrument, not the person or firm a "who"
 * question asks for (Regulation S-K and Form S-1 cite their statutes and exhibits in these forms).
 */
const INSTRUMENT_HEADS = new Set([
  'Act',
  'Acts',
  'Code',
  'Rule',
  'Rules',
  'Regulation',
  'Regulations',
  'Agreement',
  'Agreements',
  'Plan',
  'Plans',
  'Section',
  'Statement',
  'Statements',
  'Certificate',
  'Bylaws',
])

/**
 * What a passage holding each kind of answer prints: a passage with the asked kind of figure is far
 * more likely to answer than one that only shares words. Figures are read by the one figures module
 * (contract/figures.ts); the other kinds by typographic conventions of filings.
 */
const ANSWER_EVIDENCE: Readonly<Record<AnswerType, RegExp | ((text: string) => boolean) | null>> = {
  amount: (text) => parseFigures(text).some((f) => f.kind !== 'percent'),
  percentage: (text) => /\bpercent\b/i.test(text) || parseFigures(text).some((f) => f.kind === 'percent'),
  count: (text) => parseFigures(text).some((f) => f.kind === 'number'),
  date: new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d{2}\\b|\\b(?:19|20)\\d{2}\\b`, 'i'),
  duration: printsDuration,
  location:
    /\b\d+\s+(?:[A-Z][a-z]+\s+)+(?:Street|Road|Avenue|Drive|Boulevard|Way|Place|Parkway|Lane)\b|(?<!\b(?:Messrs|Mr|Mrs|Ms|Dr)\.\s+(?:[A-Z][a-z]+,\s+)*)\b[A-Z][a-z]+,\s+(?:[A-Z][a-z]+|[A-Z]{2})\b/,
  name: (text) =>
    /\b(?:Mr|Mrs|Ms|Dr)\.\s+[A-Z][a-z]+/.test(text) ||
    [...text.matchAll(/\b[A-Z][a-z]+(?:(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+)+\b/g)].some(
      (m) => !INSTRUMENT_HEADS.has(m[0].split(/\s+/).at(-1) as string),
    ),
  yesno: null,
  other: null,
}

/** Whether a passage prints the kind of answer the question asks for (false for yes/no and other). */
export function holdsAnswerType(text: string, type: AnswerType): boolean {
  const evidence = ANSWER_EVIDENCE[type]
  if (evidence === null) return false
  return typeof evidence === 'function' ? evidence(text) : evidence.test(text)
}

const INTERROGATIVES = 'how|what|which|who|whom|whose|when|where|why'
const AUXILIARY_WORDS = 'does|do|did|is|are|was|were|has|have|had|can|could|will|would|should|may|might|must'
/**
 * A coordinator (or a semicolon) that opens a new interrogative clause: "and" followed by an
 * interrogative word ("…, and how fast did it grow?"), or by an auxiliary inverted before its
 * subject ("… and did it pay a dividend?": auxiliary + pronoun, determiner or capitalised name).
 * "and" between two nouns ("directors and officers") is followed by neither, so it does not split.
 */
/** Either case of a word's first letter ("and" / "And"); the capital test below must stay case-sensitive. */
const anyCase = (words: string): string =>
  words
    .split('|')
    .map((w) => `[${w.charAt(0)}${w.charAt(0).toUpperCase()}]${w.slice(1)}`)
    .join('|')
const CLAUSE_BREAK = new RegExp(
  `\\s*(?:[,;]\\s*)?\\b(?:${anyCase('and|but|also|plus')})\\s+(?=(?:${anyCase(INTERROGATIVES)})\\b|(?:${anyCase(AUXILIARY_WORDS)})\\s+(?:(?:it|its|they|their|he|she|we|there|this|that|these|those|the|a|an)\\b|\\p{Lu}))|\\s*;\\s*(?=(?:${anyCase(`${INTERROGATIVES}|${AUXILIARY_WORDS}`)})\\b)`,
  'gu',
)

/**
 * The questions a compound question asks, one per coordinated interrogative clause ("How much
 * revenue did Facebook make in 2011, and how fast did it grow?" → "How much revenue did Facebook
 * make in 2011?", "how fast did it grow?"); a question with one clause comes back alone. Read from
 * grammar only: a coordinator followed by a new interrogative word or an inverted auxiliary. A part
 * of fewer than two words ("and how?") is not a question of its own and stays with the one before.
 */
export function splitQuestion(question: string): string[] {
  const mark = /[?]\s*$/.test(question) ? '?' : ''
  const parts: string[] = []
  for (const raw of question.split(CLAUSE_BREAK)) {
    const part = raw.trim().replace(/[?.!,;\s]+$/, '')
    if (!part) continue
    if (parts.length > 0 && part.split(/\s+/).length < 2) parts[parts.length - 1] += ` and ${part}`
    else parts.push(part)
  }
  if (parts.length < 2) return [question]
  return parts.map((p) => `${p}${mark}`)
}
