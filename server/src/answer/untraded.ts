/**
 * A market price asked of shares the filing says have no market yet. A prospectus for an initial
 * public offering states that no public market exists for its shares before the offering
 * (Regulation S-K Item 201(a)(1): absent an established public trading market, "a statement to that
 * effect"; the cover and "Pricing of the Offering" repeat it). A price the market sets, a closing or
 * opening price, a trading or market price, the high and low sales prices (Item 201(a)(1)(ii)), is
 * then of a day after the document: it cannot say. An annual report written after the offering
 * says the market was absent before it ("there had been no public market"), in the past: that is
 * no such statement. Pure.
 */

/** A price only a market sets, as a question names it ("closing share price", "market price of the stock"). */
const MARKET_PRICE =
  /\b(?:closing|opening|trading|market|(?:high|low)(?:est)?(?:\s+sales?)?)\s+(?:(?:share|stock)\s+)?prices?\b/i

/** Whether a question asks for a price set by trading in the shares. */
export const asksMarketPrice = (question: string): boolean => MARKET_PRICE.test(question)

/**
 * The filing's statement that its shares have no public market as of its date: in the present
 * ("no public market currently exists for our shares") or the present perfect ("Prior to this
 * offering, there has been no public market for our common stock").
 */
const NO_MARKET_YET =
  /\bno\s+(?:established\s+)?public\s+(?:trading\s+)?market\s+(?:currently\s+)?exists\b|\bhas\s+been\s+no\s+(?:established\s+)?public\s+(?:trading\s+)?market\b/i

/** Whether a text states that the shares have no public market as of the document's date. */
export const saysNoMarketYet = (text: string): boolean => NO_MARKET_YET.test(text)

/** What the statement is searched by when the question's own passages do not hold it (Item 201(a)'s words). */
export const NO_MARKET_CAPTION = 'no public market'
