/**
 * Which of the question's capitalised words the filing prints as names. A reader capitalises a
 * metric or a common noun ("Does Adobe have an improving Free cashflow conversion?"); read as a
 * name, "Free" had to be in every passage quoted and weighed eight times a common word, so the
 * cash flow statement was dropped for "free apps". A word the retrieved passages print, and only
 * ever in lower case (or at a sentence's start), is a common noun of this filing; a word they do
 * not print at all stays a name (a person the filing never mentions is still asked about). Pure.
 */
import type { SearchHit } from '@asks1/shared/store'
import type { QuestionAnalysis } from './question'
import { stemsOf } from './stems'

/** A word written with a capital (or in capitals: "CMP-CPS-001") not at a sentence's or a line's start. */
const CAPITALISED = /(?<![.!?:•\]]\s*|^\s*)\b\p{Lu}[\p{L}\p{N}'’-]*/gmu

/** The question with the names its retrieved passages print only as common words read as common words. */
export function namesAsPrinted(q: QuestionAnalysis, hits: readonly SearchHit[]): QuestionAnalysis {
  if (q.names.length === 0) return q
  const printed = new Set<string>()
  const capitalised = new Set<string>()
  for (const h of hits) {
    for (const t of stemsOf(h.chunk.text)) printed.add(t)
    for (const m of h.chunk.text.matchAll(CAPITALISED)) for (const t of stemsOf(m[0])) capitalised.add(t)
  }
  const common = (t: string) => printed.has(t) && !capitalised.has(t)
  if (!q.names.some(common)) return q
  return { ...q, names: q.names.filter((t) => !common(t)), nameHeads: q.nameHeads.filter((t) => !common(t)) }
}
