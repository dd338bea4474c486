/**
 * How common each word is in the whole filing: the document frequency of every single-word term
 * over the filing's sentences and table rows (the units the answer ranks), so the ranker's IDF says
 * how rare a word is in the filing, not among the handful of passages retrieval brought back.
 * Among those, the word retrieval found them by ("dividend") is the commonest and weighed least,
 * while an incidental one ("ever") is rare there and weighed most (docs/answers.md, first quote
 * round). Pure; built once per stored version (services/filing-vocabulary.ts caches it).
 */
import { textUnits } from '@asks1/shared/contract/sentences'
import { readStems } from './stems'

export interface FilingVocabulary {
  /** Sentences and table rows in the filing. */
  readonly units: number
  /** How many of them hold a single-word term (in index space), or print a phrase. */
  df(term: string): number
}

type PrintedPage = { label: string; text: string }

/**
 * Counts a filing's units a page at a time, so a caller can yield between pages: a whole filing
 * takes about half a second of CPU, too long to hold the event loop while other questions wait
 * (services/filing-vocabulary.ts).
 */
export class VocabularyCounter {
  private readonly counts = new Map<string, number>()
  private readonly lowers: string[] = []

  add(page: PrintedPage): void {
    for (const u of textUnits(page.text, page.label)) {
      this.lowers.push(u.text.toLowerCase())
      // Uncached stemming: a filing's tens of thousands of units would flush the per-request cache.
      for (const t of new Set(readStems(u.text))) this.counts.set(t, (this.counts.get(t) ?? 0) + 1)
    }
  }

  done(): FilingVocabulary {
    const { counts, lowers } = this
    // A phrase ("total revenu") is counted on first use by a scan of the units' text, then kept.
    const phrases = new Map<string, number>()
    const phraseDf = (p: string): number => {
      const known = phrases.get(p)
      if (known !== undefined) return known
      const n = lowers.reduce((a, l) => a + (l.includes(p) ? 1 : 0), 0)
      phrases.set(p, n)
      return n
    }
    return {
      units: lowers.length,
      df: (term) => (term.includes(' ') ? phraseDf(term) : (counts.get(term) ?? 0)),
    }
  }
}

/** The document frequencies of a filing's printed pages (their plain text, one page at a time). */
export function filingVocabulary(pages: readonly PrintedPage[]): FilingVocabulary {
  const counter = new VocabularyCounter()
  for (const page of pages) counter.add(page)
  return counter.done()
}
