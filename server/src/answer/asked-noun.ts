/**
 * The kind of answer a "what" question asks for when the query module's reading stops at a
 * possessive. The query module reads the noun the interrogative governs as the first content word
 * after it (`answerTypeOf`): in "What is Josh Mandel-Brehm's home address?" that is the possessor's
 * name, so the question reads as asking nothing in particular ('other'), and a biography naming him
 * answered it. English grammar: the noun phrase after the copula is a possessor ("X's") and the
 * possessed noun phrase, whose head is its last word before a preposition or the question's end
 * ("home address", "closing share price on its first day of trading"). That head is read with the
 * query module's own noun lists (`nounAnswerType`): "address" asks for a place, "price" an amount.
 * Pure.
 */
import { type AnswerType, nounAnswerType } from '@asks1/shared/retrieval/query'

/** Prepositions that open a modifier after the head noun ("price on its first day", "address in 2011"). */
const PREPOSITION = 'on|in|at|of|for|during|as|from|to|by|per|after|before|since|under|with'

/**
 * "what/which + be + [the] possessor's + up to three modifiers + HEAD", the head followed by the
 * question's end or a preposition. The possessor is one to four words ending in "'s" or "s'".
 */
const POSSESSED = new RegExp(
  `^\\s*(?:what|which)\\s+(?:is|was|are|were|will\\s+be)\\s+(?:the\\s+)?(?:[\\p{L}\\p{N}.&-]+\\s+){0,3}?[\\p{L}\\p{N}.&-]+['’]s?\\s+(?:[\\p{L}-]+\\s+){0,3}?([\\p{L}-]+)(?=\\s*[?.!]?\\s*$|\\s+(?:${PREPOSITION})\\b)`,
  'iu',
)

/** The answer type of the noun a possessive "what" question asks for, or 'other' when it has none. */
export function possessedAnswerType(text: string): AnswerType {
  const head = POSSESSED.exec(text)?.[1]
  return head ? nounAnswerType(head.toLowerCase()) : 'other'
}
