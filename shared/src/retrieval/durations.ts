/**
 * Durations: how a question asks for a length of time, and how a filing prints one. Read by the
 * query analysis (query.ts), the one place answer types live; nothing here comes from a question's
 * wording.
 *
 * Asking is English grammar: a duration is what an adjunct of duration states, and such adjuncts
 * answer "how long?" / "for how long?" (Quirk, Greenbaum, Leech and Svartvik, A Comprehensive
 * Grammar of the English Language, 1985, on adjuncts of time duration). The same question is asked
 * with a measure phrase, "how many" + a noun of time ("for how many days"), or with "what/which" +
 * a noun naming a span ("what period", "what length of time").
 *
 * Printing follows how filings write a measure of time: a numeral or a cardinal number word before
 * a unit of time ("180 days", "two years", "a 30-day option"), the legal doublet of words and
 * figures ("one hundred eighty (180) days"), or the day a period ends counted as an ordinal ("until
 * the 181st day after the date of this prospectus").
 */

import { CARDINALS } from '../contract/number-words'

/** Nouns that measure time: "how many years" asks for a duration, not a count. */
export const TIME_UNITS = /^(?:years?|months?|days?|weeks?|quarters?|hours?)$/i

/** Nouns naming a span of time: "what period", "which length of time" ask for a duration. */
const DURATION_NOUNS = /^(?:duration|length|period)$/

const COPULA = /^(?:is|are|was|were)$/
/** Words that end a noun phrase: a preposition, a relative or an auxiliary starts what follows it. */
const PHRASE_END =
  /^(?:of|for|in|on|at|to|by|with|under|after|before|from|during|until|that|which|who|does|do|did|is|are|was|were|will|would|can|could|should|may|might|must|has|have|had)$/

/**
 * Whether a "what/which" question (its lower-cased words, the interrogative at `at`) asks for a
 * span of time: the interrogative governs a noun naming one ("what period does it cover"), or it is
 * the complement of a copula whose noun phrase is headed by one ("what is the lock-up period for
 * directors": an English noun phrase's head is its last noun, before any preposition).
 */
export function asksSpan(words: readonly string[], at: number): boolean {
  const first = words[at + 1] ?? ''
  if (DURATION_NOUNS.test(first)) return true
  if (!COPULA.test(first)) return false
  const phrase: string[] = []
  for (const w of words.slice(at + 2)) {
    if (PHRASE_END.test(w)) break
    phrase.push(w)
  }
  return DURATION_NOUNS.test(phrase.at(-1) ?? '')
}

/** Cardinal number words (the words a filing spells a count of days or years with). */
const CARDINAL_WORDS = Object.keys(CARDINALS).join('|')

/** A number written in words, one word or several ("one hundred eighty", "twenty-four"). */
const NUMBER_IN_WORDS = `(?:${CARDINAL_WORDS})(?:[-\\s]+(?:and\\s+)?(?:${CARDINAL_WORDS}))*`
/** The units a duration is printed in, with the qualifiers agreements use ("business days"). */
const UNIT = '(?:(?:calendar|business|trading)\\s+)?(?:days?|weeks?|months?|years?)'

/**
 * A measure of time as printed. Not a reporting period's name: "the three months ended June 30"
 * names the period a figure is for, not how long something lasts.
 */
const DURATION = new RegExp(
  [
    `(?<![\\p{L}\\p{N}])(?:\\d+(?:\\.\\d+)?|${NUMBER_IN_WORDS})(?:\\s*\\(\\d+\\))?\\s?(?:-\\s?)?${UNIT}(?![\\p{L}-])(?!\\s+end(?:ed|ing)\\b)`,
    `(?<![\\p{L}\\p{N}])\\d+(?:st|nd|rd|th)\\s+(?:calendar\\s+|business\\s+|trading\\s+)?day\\b`,
  ].join('|'),
  'iu',
)

/** Whether a text prints a duration ("180 days", "two years", "the 181st day"). */
export const printsDuration = (text: string): boolean => DURATION.test(text)
