/**
 * What the answer ranker needs from a question: its content terms, the phrases in it, the period it
 * asks about and the kind of answer it wants.
 *
 * Interim home: the retrieval branch's `analyzeQuery` (shared/src/retrieval/query.ts) is the one
 * query analysis; when it lands this module only adapts it (and drops the filing's own name).
 * Built on the shared tokenizer, so a term here is a term in the index.
 */
import { keywordTerms, QUESTION_FILLER } from '@asks1/shared/retrieval/terms'

export type AnswerType = 'money' | 'percent' | 'count' | 'date' | 'duration' | 'person' | 'place' | 'yesno'

export interface QuestionAnalysis {
  /** Single-word content terms, lower case, in order. */
  terms: string[]
  /** Multi-word terms the tokenizer keeps whole ("class a", "long-term benefit trust"). */
  phrases: string[]
  /** Years (and quarters as "q3 2016") the question asks about. */
  periods: string[]
  answerType: AnswerType | null
  /** Terms the question capitalises mid-sentence: names of people, companies, products. */
  names: string[]
}

/** Question words capitalised for grammar, not because they name something. */
const NOT_NAMES = new Set(
  'what when where which who whom whose why how does did do is are was were will would can could should has have had under over from with without please list give tell describe explain compare according in on at for by of the a an if before after during january february march april may june july august september october november december'.split(
    ' ',
  ),
)

/** Capitalised words after the question's first word (the first is capitalised for grammar). */
function namesIn(question: string): string[] {
  // Capitalised, not all capitals: "IPO", "CEO" are common nouns written as acronyms.
  return [...question.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}[\p{L}\p{N}]*(?:['’]s)?/gu)]
    .filter((m) => !/(?:^|[.!?:]\s*)$/.test(question.slice(0, m.index)))
    .flatMap((m) => keywordTerms(m[0]))
    .filter((t) => !NOT_NAMES.has(t))
}

/**
 * English question forms and the answer each wants (grammar, not any filing's wording). The first
 * that applies wins: "how much revenue" wants money, not any number.
 */
const ANSWER_TYPES: readonly [RegExp, AnswerType][] = [
  [
    /\b(?:what|which) (?:share|percent(?:age)?|portion|proportion|fraction|rate)\b|\bpercent(?:age)?\b|\bhow fast\b/i,
    'percent',
  ],
  [/\bhow long\b|\bfor how long\b|\bhow many (?:days|months|years)\b/i, 'duration'],
  [/\bhow many\b|\bnumber of\b|\bheadcount\b/i, 'count'],
  [/\bhow much\b|\bwhat (?:price|amount)\b|\bat what price\b|\bcost\b/i, 'money'],
  [/\bwhen\b|\bwhat (?:date|year)\b/i, 'date'],
  [/\bwho\b|\bwhom\b/i, 'person'],
  [/\bwhere\b/i, 'place'],
  [/^\s*(?:does|did|do|is|are|was|were|has|have|had|will|can)\b/i, 'yesno'],
]

const QUARTERS: Record<string, string> = { first: 'q1', second: 'q2', third: 'q3', fourth: 'q4' }

/** Words every question about a filing uses, that name no subject. */
const GENERIC = new Set(['company', 'companies', 'filing', 'prospectus', 'did', 'does', 'inc', 'corp'])

export function analyzeQuestion(question: string, company = ''): QuestionAnalysis {
  const own = new Set(keywordTerms(company).filter((t) => !t.includes(' ')))
  const all = [...new Set(keywordTerms(question))]
  const keep = (t: string) => !QUESTION_FILLER.has(t) && !GENERIC.has(t) && !own.has(t)
  const periods = [...question.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => m[0])
  for (const m of question.matchAll(
    /\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b|\bq([1-4])\b/gi,
  )) {
    const q = m[1] ? QUARTERS[m[1].toLowerCase()] : `q${m[2]}`
    if (q) periods.push(q)
  }
  return {
    terms: all.filter((t) => !t.includes(' ') && !/^\d/.test(t) && !t.startsWith('$') && keep(t)),
    phrases: all.filter((t) => t.includes(' ') && keep(t) && ![...own].some((o) => t.includes(o))),
    periods: [...new Set(periods)],
    answerType: ANSWER_TYPES.find(([re]) => re.test(question))?.[1] ?? null,
    names: [...new Set(namesIn(question).filter(keep))],
  }
}
