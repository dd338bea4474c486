/**
 * What the answer ranker needs from a question: its content terms, the phrases in it, the period it
 * asks about and the kind of answer it wants.
 *
 * It adapts the one query analysis (`analyzeQuery`, shared/src/retrieval/query.ts) and adds only
 * what answering needs beyond retrieval: the filing's own name dropped, and the names asked about.
 */
import { MONTH_NAMES } from '@asks1/shared/contract/calendar'
import { NUMBER_WORDS } from '@asks1/shared/contract/number-words'
import { lineItemsNamed } from '@asks1/shared/retrieval/line-items'
import { type AnswerType, analyzeQuery, type QueryAnalysis } from '@asks1/shared/retrieval/query'
import { ratioCaptions } from '@asks1/shared/retrieval/statements'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { ANSWER_CAPTIONS } from '@asks1/shared/retrieval/vocabulary'
import { possessedAnswerType } from './asked-noun'
import { type FormAnswer, formAnswerOf, SYMBOL_WORD } from './form-answers'
import { verbLemma } from './lemmas'

export interface QuestionAnalysis {
  /** The question as typed. */
  text: string
  /** Single-word content terms in index space (the shared tokenizer's stems), in order. */
  terms: string[]
  /** Multi-word terms the tokenizer keeps whole ("class a", "long-term benefit trust"). */
  phrases: string[]
  /** Years (and quarters as "q3 2016") the question asks about. */
  periods: string[]
  answerType: AnswerType
  /** Terms the question capitalises mid-sentence: names of people, companies, products. */
  names: string[]
  /**
   * The last word of each name ("zuckerberg" for "Mark Zuckerberg", "state" for "United States"):
   * what a passage about that person or thing prints even when it shortens the name ("Mr. Zuckerberg").
   */
  nameHeads: string[]
  /**
   * The question asks how fast something changed ("how fast did it grow"): a change between periods,
   * which no single period's table cell states.
   */
  asksChange?: boolean
  /**
   * The question asks for the extreme of a list ("the largest shareholder", "the underwriter with
   * the most shares"; "the smallest", "the fewest"): the row holding the highest or lowest figure.
   */
  extreme?: 'most' | 'least'
  /**
   * How many rows of the extreme it asks for, ranked: "the top three shareholders" (3), "the
   * largest shareholders" (every row, a plural after the superlative); absent for one.
   */
  ranked?: number | 'all'
  /** The filing's own name, as index terms ("pandora", "media"): what a passage about the filer prints. */
  own?: string[]
  /**
   * The US-GAAP line items the question names (`lineItemsNamed`: concept → the caption it printed),
   * read once here for the figure filter and the abstention's wording.
   */
  lineItems: ReadonlyMap<string, string>
  /**
   * An answer the form prints in a fixed place and shape that the question asks for by the form's
   * name (form-answers.ts): the trading symbol, or the description of the business.
   */
  formAnswer?: FormAnswer
  /**
   * The noun asked for past a possessive is one of money ("What was X's closing share price?",
   * asked-noun.ts): a quote must state a sum of money, not a count of shares.
   */
  asksMoney?: boolean
}

/** A degree question on speed asks a rate of change (answerTypeOf reads it as a percentage). */
const RATE_FRAME = /\bhow\s+(?:fast|quickly)\b/i

/**
 * The superlative degree of the adjectives and determiners of size and quantity (large, big, great,
 * high, many/much → most; small, low, few, little → least) and "top": English grammar, not a
 * question's wording. "Most" as an adverb of degree before an adjective ("the most senior", "most
 * likely", "most recent") or in "at most" names no quantity.
 */
const MOST =
  /\b(?:largest|biggest|greatest|highest|top|most(?!\s+(?:recent|recently|senior|likely)\b)(?<!\bat\s+most))\b/i
const LEAST = /\b(?:smallest|lowest|fewest|least)\b/i

/** Adjectives in the superlative (not the determiner "most": "the most shares" asks which one holds them). */
const SUPERLATIVE_ADJ = 'top|largest|biggest|greatest|highest|smallest|lowest'
/** A count of rows: two to ten in words ("the three largest"), or digits. */
const COUNTS = Object.keys(NUMBER_WORDS).filter(
  (w) => (NUMBER_WORDS[w] ?? 0) >= 2 && (NUMBER_WORDS[w] ?? 0) <= 10,
)
const COUNT = `\\d{1,2}|${COUNTS.join('|')}`
/** "top 3", "the three largest": a count beside the superlative. */
const RANKED_COUNT = new RegExp(
  `\\b(?:${SUPERLATIVE_ADJ})\\s+(${COUNT})\\b|\\b(${COUNT})\\s+(?:${SUPERLATIVE_ADJ})\\b`,
  'i',
)
/** A plural noun after the superlative ("the largest shareholders"; not "class", "business"). */
const RANKED_PLURAL = new RegExp(
  `\\b(?:${SUPERLATIVE_ADJ})\\s+(?:[a-z-]+\\s+)?[a-z]+[^s\\W]s\\b(?<!(?:ss|us|is))`,
  'i',
)

/** How many rows a superlative question asks for (question.ts `ranked`). */
function rankedOf(text: string): number | 'all' | undefined {
  const m = RANKED_COUNT.exec(text)
  const n = m ? (m[1] ?? m[2] ?? '') : ''
  const count = /\d/.test(n) ? Number(n) : NUMBER_WORDS[n.toLowerCase()]
  if (count !== undefined && count >= 2) return count
  return RANKED_PLURAL.test(text) ? 'all' : undefined
}

/** Question words capitalised for grammar, not because they name something. */
const NOT_NAMES_TEXT = [
  'what when where which who whom whose why how does did do is are was were will would can could should',
  'has have had under over from with without please list give tell describe explain compare according',
  'in on at for by of the a an if before after during',
  ...MONTH_NAMES,
].join(' ')
// Compared in index space (stemmed, as the names are): "January" is indexed as "januari".
const NOT_NAMES = new Set(NOT_NAMES_TEXT.split(' ').flatMap((w) => [w, ...keywordTerms(w)]))

// A double-barrelled name is one token ("Mandel-Brehm's"): read from its first part alone, its
// second part was left among the subject terms, and any passage naming the person matched them.
const NAME_TOKEN =
  /(?<![\p{L}\p{N}-])(?:\p{Lu}\p{Ll}[\p{L}\p{N}]*(?:-\p{Lu}\p{Ll}[\p{L}\p{N}]*)*(?:['’]s)?|\p{Lu}{2,}(?:-\p{Lu}+)*-\p{N}+(?![\p{L}\p{N}-]))/gu

/**
 * Names: runs of capitalised words after the question's first word (the first is capitalised for
 * grammar), as index terms, one list per run ("Mark Zuckerberg" → ["mark", "zuckerberg"]).
 */
function nameRunsIn(question: string): string[][] {
  const runs: string[][] = []
  let lastEnd = -1
  // Capitalised, not all capitals: "IPO", "CEO" are common nouns written as acronyms. A designation
  // of capitals and a serial number ("CMP-CPS-001", "GLP-1") names one product or compound.
  for (const m of question.matchAll(NAME_TOKEN)) {
    const at = m.index ?? 0
    if (/(?:^|[.!?:]\s*)$/.test(question.slice(0, at))) continue
    const terms = keywordTerms(m[0]).filter((t) => !NOT_NAMES.has(t))
    if (terms.length === 0) {
      lastEnd = -1
      continue
    }
    const run = runs.at(-1)
    if (run && lastEnd >= 0 && /^\s+$/.test(question.slice(lastEnd, at))) run.push(...terms)
    else runs.push(terms)
    lastEnd = at + m[0].length
  }
  return runs
}

/** The question's terms with irregular verb forms read as their base form ("paid" → "pai"), as units are. */
function lemmaTerms(text: string, terms: string[]): string[] {
  const to = new Map<string, string>()
  for (const w of text.match(/[A-Za-z]+/g) ?? []) {
    const from = keywordTerms(w)[0]
    const lemma = keywordTerms(verbLemma(w))[0]
    if (from && lemma && from !== lemma) to.set(from, lemma)
  }
  return [...new Set(terms.map((t) => to.get(t) ?? t))]
}

/**
 * The form's caption for the kind of answer asked (vocabulary.ts `ANSWER_CAPTIONS`: where the
 * registrant is, Item 503(b)'s "principal executive offices"), as a phrase the quoted passage may
 * print: retrieval searches it for the same questions. "Where is Pandora based?" shares no word
 * with "Our principal executive offices are located at 2101 Webster Street…", yet that sentence
 * is where the form puts the answer. Only for "where": a question naming the kind of place ("In
 * which state…", "Which exchange…") asks for that place (a state of incorporation, a market), not
 * the offices' address (measured: Twitter's "In which state and when was Twitter incorporated?"
 * quoted the offices).
 */
const formCaption = (type: AnswerType, text: string): string[] => {
  const caption = ANSWER_CAPTIONS[type]?.caption
  return caption && /\bwhere\b/i.test(text) ? [caption.toLowerCase()] : []
}

/** Words every question about a filing uses, that name no subject (as index terms). */
const GENERIC = new Set(keywordTerms('company companies filing prospectus did does inc corp'))

/**
 * The filer's name as index terms: its words ("foot", "locker"), and its leading words written as
 * one ("Footlocker", as its web address and readers write it), so neither is read as a name asked
 * about that a passage must print.
 */
function ownTerms(company: string): Set<string> {
  const words = company.match(/[\p{L}\p{N}]+/gu) ?? []
  const joined = words.slice(1).map((_, i) => words.slice(0, i + 2).join(''))
  return new Set([...keywordTerms(company), ...joined.flatMap(keywordTerms)].filter((t) => !t.includes(' ')))
}

/**
 * The ranker's view of the shared query analysis (`analyzeQuery`, the one analysis retrieval uses):
 * its single-word terms and compounds less the filing's own name, its periods as "2016" / "q3",
 * its answer type, plus the names the question capitalises. Pass the analysis retrieval already made
 * (one per /ask) rather than the text, so the question is analysed once.
 */
export function analyzeQuestion(question: string | QueryAnalysis, company = ''): QuestionAnalysis {
  const own = ownTerms(company)
  const q = typeof question === 'string' ? analyzeQuery(question) : question
  const keep = (t: string) => !GENERIC.has(t) && !own.has(t)
  const periods = q.periods.flatMap((p) => [
    ...(p.year ? [String(p.year)] : []),
    ...(p.quarter ? [`q${p.quarter}`] : []),
  ])
  const runs = nameRunsIn(q.text)
    .map((r) => r.filter(keep))
    .filter((r) => r.length > 0)
  const terms = lemmaTerms(
    q.text,
    q.terms.filter((t) => !t.includes(' ') && !/^[\d$]/.test(t) && keep(t)),
  )
  const names = [...new Set(runs.flat())]
  const phrases = [
    ...new Set([
      ...q.terms.filter(
        (t) => t.includes(' ') && !/^[\d$]/.test(t) && keep(t) && ![...own].some((o) => t.includes(o)),
      ),
      ...ratioCaptions(q.text),
      ...formCaption(q.answerType, q.text),
    ]),
  ]
  const possessed = q.answerType === 'other' ? possessedAnswerType(q.text) : q.answerType
  const formAnswer = formAnswerOf({
    text: q.text,
    own: [...own],
    terms,
    phrases,
    names,
    periods,
    answerType: q.answerType,
  })
  return {
    text: q.text,
    // The symbol asked by its everyday name ("ticker") is the form's "symbol" (form-answers.ts).
    terms: formAnswer === 'symbol' ? [...new Set([...terms, ...SYMBOL_WORD])] : terms,
    phrases,
    periods: [...new Set(periods)],
    // "What is X's home address?": the noun past the possessive says what is asked (asked-noun.ts).
    answerType: possessed,
    names,
    nameHeads: [...new Set(runs.map((r) => r.at(-1) as string))],
    asksChange: RATE_FRAME.test(q.text),
    ...(MOST.test(q.text)
      ? { extreme: 'most' as const }
      : LEAST.test(q.text)
        ? { extreme: 'least' as const }
        : {}),
    ...((MOST.test(q.text) || LEAST.test(q.text)) && rankedOf(q.text) ? { ranked: rankedOf(q.text) } : {}),
    own: [...own],
    lineItems: lineItemsNamed(q.text),
    ...(formAnswer ? { formAnswer } : {}),
    // The query module's nouns of an amount ask for one of money (query.ts AMOUNT_NOUNS).
    ...(possessed !== q.answerType && possessed === 'amount' ? { asksMoney: true } : {}),
  }
}
