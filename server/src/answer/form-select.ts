/**
 * Questions the form decides before any evidence is weighed: the passage that answers is the one
 * the form prints in a fixed shape (form-answers.ts, untraded.ts), looked for among all the ranked
 * units, not only the best-ranked, since it may share no word with the question ("Which exchange is
 * X going public on?"). Each returns null when no such passage is among them, and the question is
 * then answered as any other (select.ts). Pure.
 */
import type { AbstentionReason } from '@asks1/shared/contract/api'
import { printsBlank, printsMarketBlank } from './blanks'
import { printsListing, printsOfferingPrice } from './form-answers'
import type { QuestionAnalysis } from './question'
import type { RankedUnit } from './rank'
import { saysNoMarketYet } from './untraded'

type Decision = { ok: RankedUnit[] } | { reason: AbstentionReason; first?: RankedUnit }

/** The form's decision for a question it decides, or null (then the evidence decides). */
export function formDecision(q: QuestionAnalysis, ranked: readonly RankedUnit[]): Decision | null {
  if (q.formAnswer === 'market') return marketAnswer(ranked)
  if (q.formAnswer === 'offering-price') return offeringPriceAnswer(ranked)
  if (q.formAnswer === 'public-market') return noMarketYet(ranked)
  if (q.formAnswer === 'market-price') return untraded(ranked)
  return null
}

/**
 * Whether the shares have a public market yet: a prospectus's statement that none exists answers
 * no (Item 201(a)(1)), quoted whatever blank its passage prints elsewhere (the cover's price range).
 * No statement: null, and the evidence decides (an annual report names its exchange).
 */
function noMarketYet(ranked: readonly RankedUnit[]): Decision | null {
  const says = ranked.filter((u) => saysNoMarketYet(u.text) && !printsBlank(u.text))
  return says.length > 0 ? { ok: says } : null
}

/**
 * What one share costs in the offering is Item 501(b)(3)'s offering price (form-answers.ts), found
 * among all the units as the market is; the first printing it (by rank) decides: a blank there
 * ("between $ and $ per share") is a preliminary prospectus's, and it says so. None printed: null.
 */
function offeringPriceAnswer(ranked: readonly RankedUnit[]): Decision | null {
  const printing = ranked.filter((u) => printsOfferingPrice(u.text))
  const first = printing[0]
  if (!first) return null
  if (printsBlank(first.text)) return { reason: 'blank', first }
  return { ok: printing.filter((u) => !printsBlank(u.text)) }
}

/**
 * A price only trading sets, asked of shares the filing says have no public market yet (untraded.ts):
 * the price is of a day after the document, which cannot state it. The statement is shown first.
 */
function untraded(ranked: readonly RankedUnit[]): Decision | null {
  const says = ranked.find((u) => saysNoMarketYet(u.text))
  return says ? { reason: 'not-traded', first: says } : null
}

/**
 * Which market the shares are listed on is answered by Item 501(b)(4)'s sentence (form-answers.ts),
 * whatever words of the question it shares ("Which exchange is X going public on?" shares none, so
 * it is looked for among all the units, not the best-ranked); when one prints the market's blank
 * (or the symbol's, which is not quoted), a preliminary prospectus has not named it. No such
 * sentence among the passages: null, and the question is answered as any other.
 */
function marketAnswer(ranked: readonly RankedUnit[]): Decision | null {
  const listing = ranked.filter((u) => printsListing(u.text))
  const unnamed = listing.find((u) => printsMarketBlank(u.text) || printsBlank(u.text))
  if (unnamed) return { reason: 'blank', first: unnamed }
  return listing.length > 0 ? { ok: listing } : null
}
