/**
 * A question that asks two things ("How much revenue did Facebook make in 2011, and how fast did it
 * grow?") becomes one analysis per interrogative clause (`splitQuestion`, the shared query module),
 * so each part is retrieved, answered and badged for what it asks. A later part that leans on the
 * first ("how fast did it grow": "it" is the revenue, the year is 2011) inherits the first part's
 * subject terms and periods. Pure.
 */
import { isYear } from '@asks1/shared/contract/calendar'
import { rrfFuse } from '@asks1/shared/retrieval/fusion'
import { analyzeQuery, type QueryAnalysis, splitQuestion } from '@asks1/shared/retrieval/query'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import type { SearchHit } from '@asks1/shared/store'

/** The third-person pronouns: each stands for someone or something named before. */
const PRONOUNS = 'it|its|they|them|their'
/** A third-person pronoun (not a demonstrative: "that" is as often a conjunction). */
export const PRONOUN = new RegExp(`\\b(?:${PRONOUNS})\\b`, 'i')

/**
 * A third-person pronoun or demonstrative standing for something named before: the part that uses
 * one is about the first part's subject (an anaphor needs an antecedent, and the first clause holds it).
 */
const ANAPHOR = new RegExp(`\\b(?:${PRONOUNS}|this|that|these|those)\\b`, 'i')

/**
 * "how fast/quickly" + auxiliary + pronoun + verb: a degree question on the rate of change of what
 * the pronoun stands for. The verb names the change ("grow"), which the answer type already asks for
 * (a percentage, `answerTypeOf`); a filing prints the change as a figure ("an increase of 88%"),
 * seldom with the reader's verb, so the verb is not searched for.
 */
const RATE_OF_ANAPHOR = new RegExp(
  `\\bhow\\s+(?:fast|quickly)\\s+\\p{L}+\\s+${ANAPHOR.source.replace('\\b', '')}\\s+(\\p{L}+)`,
  'iu',
)

/**
 * One analysis per part of the question; for a question that asks one thing, just the analysis of
 * the whole (`whole`, made once per /ask by the caller, is returned as it is). A later part
 * whose subject is elided or a pronoun takes the first part's subject terms; a part that names no
 * period takes the first part's periods.
 *
 * Only a question with such a part is split: clauses that each name their own subject ("In which
 * city is Pandora headquartered and what is the street address?") still share what the reader left
 * implicit (the address of the headquarters), and answered apart they lost it (tuning: the city and
 * the address both lost; docs/answers.md).
 */
export function questionParts(whole: QueryAnalysis): QueryAnalysis[] {
  const texts = splitQuestion(whole.text)
  if (texts.length < 2) return [whole]
  const [first, ...rest] = texts.map((t) => analyzeQuery(t)) as [QueryAnalysis, ...QueryAnalysis[]]
  const leans = (part: QueryAnalysis) =>
    ANAPHOR.test(part.text) || part.terms.filter((t) => !isYear(t)).length === 0
  if (!rest.some(leans)) return [whole]
  const later = rest.map((part) => {
    const verb = part.text.match(RATE_OF_ANAPHOR)?.[1]
    const drop = new Set(verb ? keywordTerms(verb) : [])
    const own = part.terms.filter((t) => !isYear(t) && !drop.has(t))
    const elliptical = ANAPHOR.test(part.text) || own.length === 0
    const periods = part.periods.length > 0 ? part.periods : first.periods
    const inherited = [
      ...(elliptical ? first.terms.filter((t) => !isYear(t)) : []),
      ...periods.flatMap((p) => (p.year !== null ? [String(p.year)] : [])),
    ]
    return {
      ...part,
      terms: [...new Set([...inherited, ...part.terms.filter((t) => !drop.has(t))])],
      phrases: elliptical ? [...first.phrases, ...part.phrases] : part.phrases,
      periods,
    }
  })
  return [first, ...later]
}

/**
 * One list of passages for the whole question, from each part's ranked hits by reciprocal-rank
 * fusion (`rrfFuse`, as the stores fuse dense and keyword lists): what the prompt, the sources and
 * the page checks read. A chunk two parts retrieved counts once, as the hit first seen.
 */
export function fuseHits(lists: readonly (readonly SearchHit[])[]): SearchHit[] {
  const byId = new Map<string, SearchHit>()
  for (const hit of lists.flat()) if (!byId.has(hit.chunk.id)) byId.set(hit.chunk.id, hit)
  const ranked = lists.map((list) => ({ ids: list.map((hit) => hit.chunk.id) }))
  return rrfFuse(ranked).map((f) => byId.get(f.id) as SearchHit)
}
