/**
 * The passages a question the form answers in a fixed place is answered (or refused) by, found by
 * the form's own words when the question's words retrieve none of them: the trading symbol's and
 * the market's sentence (Item 501(b)(4)), the offering price (Item 501(b)(3)), the statement that
 * the shares have no public market yet (Item 201(a)).
 */
import { analyzeQuery, type QueryAnalysis } from '@asks1/shared/retrieval/query'
import {
  OFFERING_PRICE_CAPTION,
  printsListing,
  printsOfferingPrice,
  printsSymbolOrBlank,
  SYMBOL_CAPTION,
} from '../answer/form-answers'
import type { QuestionAnalysis } from '../answer/question'
import { NO_MARKET_CAPTION, saysNoMarketYet } from '../answer/untraded'
import type { Hits } from './question'

/**
 * The passage of the form a question is answered (or refused) by, and the form's words it is
 * searched by: the symbol's and the market's sentence (Item 501(b)(4)); for a market price, the
 * statement that the shares have no public market yet (Item 201(a), untraded.ts).
 */
function formPassage(a: QuestionAnalysis): { test: (text: string) => boolean; caption: string } | null {
  if (a.formAnswer === 'symbol') return { test: printsSymbolOrBlank, caption: SYMBOL_CAPTION }
  if (a.formAnswer === 'market') return { test: printsListing, caption: SYMBOL_CAPTION }
  if (a.formAnswer === 'offering-price') return { test: printsOfferingPrice, caption: OFFERING_PRICE_CAPTION }
  if (a.formAnswer === 'public-market' || a.formAnswer === 'market-price')
    return { test: saysNoMarketYet, caption: NO_MARKET_CAPTION }
  return null
}

/**
 * A question asking the trading symbol whose passages print none (nor its blank) gets the passages
 * of the form's own caption for it, "trading symbol" (Item 501(b)(4)), that print one: "What is
 * Facebook's ticker?" retrieves the product named Ticker, not the cover's `symbol “FB.”`. A
 * question asking the market gets those printing Item 501(b)(4)'s sentence, which names both
 * ("Which exchange is Facebook going public on?" retrieved the financial statements' index); one
 * asking a market price, those saying the shares have no market yet (`formPassage`).
 */
export async function withFormPassage(
  analysis: QuestionAnalysis,
  hits: Hits,
  search: (q: QueryAnalysis) => Promise<Hits>,
): Promise<Hits> {
  const wanted = formPassage(analysis)
  if (!wanted) return hits
  const prints = (h: Hits[number]) => wanted.test(h.chunk.text)
  if (hits.some(prints)) return hits
  const have = new Set(hits.map((h) => h.chunk.id))
  const more = (await search(analyzeQuery(wanted.caption))).filter((h) => prints(h) && !have.has(h.chunk.id))
  return [...hits, ...more]
}
