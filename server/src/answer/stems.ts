/**
 * The single-word terms of a text in index space, as the answer ranker and the badges read them.
 * Pure.
 */
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { withVerbLemmas } from './lemmas'

/** "non-employee", "non-GAAP": the prefix makes the word its complement. */
const NEGATED_RE = /(?<![\p{L}\p{N}])non-(\p{L}[\p{L}\p{N}]*)/giu

/**
 * Single-word terms of a text in index space (the shared tokenizer stems them), irregular verb
 * forms read as their base form ("paid" as "pay": lemmas.ts). The tokenizer also
 * gives a hyphenated word's parts ("non-employee" → "non-employe", "non", "employe"); the word after
 * "non-" is dropped, since "non-employee awards" is not about employees: it matched "How many
 * employees…" as well as the sentence with the head count. The compound itself stays.
 */
export function stemsOf(text: string): string[] {
  const stems = keywordTerms(withVerbLemmas(text)).filter((t) => !t.includes(' '))
  for (const m of text.matchAll(NEGATED_RE)) {
    for (const part of keywordTerms(m[1] as string)) {
      const at = stems.indexOf(part)
      if (at >= 0) stems.splice(at, 1)
    }
  }
  return stems
}
