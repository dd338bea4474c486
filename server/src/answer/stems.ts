/**
 * The single-word terms of a text in index space, as the answer ranker and the badges read them.
 * Pure.
 */
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { LRUCache } from 'lru-cache'
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
export function stemsOf(text: string): readonly string[] {
  const known = cache.get(text)
  if (known) return known
  const stems = readStems(text)
  cache.set(text, stems)
  return stems
}

/**
 * Every /ask stems the same retrieved passages several times (ranking, names held, badges, quote
 * pages), and popular passages again on the next question: stemming was about a third of an
 * extractive /ask's CPU (`pnpm bench:api`, node --cpu-prof). Bounded by the characters it keeps
 * (about 4 MB of text and its stems, some tens of MB of heap), so memory stays flat.
 */
const cache = new LRUCache<string, readonly string[]>({
  max: 8192,
  maxSize: 4_000_000,
  sizeCalculation: (_stems, text) => text.length + 1,
})

/** `stemsOf` without the cache: for reading a whole filing once (filing-df.ts) or a page whose units are kept (page-units.ts). */
export function readStems(text: string): readonly string[] {
  const stems = keywordTerms(withVerbLemmas(text)).filter((t) => !t.includes(' '))
  for (const m of text.matchAll(NEGATED_RE)) {
    for (const part of keywordTerms(m[1] as string)) {
      const at = stems.indexOf(part)
      if (at >= 0) stems.splice(at, 1)
    }
  }
  return stems
}
