/**
 * Blanks a preliminary prospectus prints where the final one will give a value: a registration
 * statement filed before pricing omits the offering price and what follows from it (Securities Act
 * Rule 430A), and filers typeset the omission as an empty quotation (the trading symbol “ ”), a
 * currency sign with no figure ("$ per share", "between $ and $"), or a bullet or underscores in
 * brackets ("[●]", "[__]"). Pure.
 */

/** A verb of listing the shares on a market: Item 501(b)(4)'s sentence lists, quotes or trades them. */
export const LISTS = /\b(?:list(?:ed|ing)?|quoted|traded)\b/i

/** An empty quotation: `trading symbol “ .”`. */
const EMPTY_QUOTE = /[“"]\s*[.,;]?\s*[”"]/

const BLANKS = [
  EMPTY_QUOTE,
  // A currency sign with no figure in prose: `$ per share`, `between $ and $`, `$ million`. (Tables
  // print `$` in cells of their own and `($)` in headers, so a lone sign elsewhere is no blank.)
  /\$\s*(?:per\s+share\b|and\s+\$|to\s+\$|(?:million|billion)\b)/i,
  // Bracketed placeholders: `[●]`, `[•]`, `[ ]`, `[__]`.
  /\[\s*(?:[●•]|_+|\s)\s*\]/,
]

/** Whether a sentence or row prints a blank where a value belongs. */
export const printsBlank = (text: string): boolean => BLANKS.some((re) => re.test(text))

/**
 * The two blanks of Item 501(b)(4)'s sentence, "list … on [market] under the symbol “[symbol]”"
 * (17 CFR 229.501(b)(4): the market for the securities and the trading symbol), which a preliminary
 * prospectus may leave for the final one. The symbol's: "symbol" and, within a few words, an empty
 * quotation (`trading symbol “ .”`).
 */
const SYMBOL_BLANK = new RegExp(`\\bsymbols?\\b[^.“”"]{0,40}?${EMPTY_QUOTE.source}`)
/**
 * The market's: the sentence's "on" with no object, the next word already the symbol's "under" or
 * the clause ending ("list our Class A common stock on under the symbol “FB.”", "for listing of our
 * common stock on the under the trading symbol", "approved for listing on , we cannot assure you").
 * Only after a verb of listing, so "and so on, …" is none.
 */
const MARKET_BLANK = new RegExp(
  `${LISTS.source}[^.;“”"]{0,60}?\\bon\\s+(?:the\\s+)?(?:under\\b|[,;.](?!\\d))`,
  'i',
)

/** Whether a text prints the trading symbol's blank (Item 501(b)(4)). */
export const printsSymbolBlank = (text: string): boolean => SYMBOL_BLANK.test(text)
/** Whether a text prints the market's blank (Item 501(b)(4)): "list … on under the symbol". */
export const printsMarketBlank = (text: string): boolean => MARKET_BLANK.test(text)

/**
 * How far either side of a blank its subject is printed: the words that say what the blank stands
 * for sit beside it ("an assumed initial public offering price of $ per share", "approximately
 * $ million that we will incur"), within a clause of a few words.
 */
const NEAR = 60
/** What ends the stretch a blank belongs to: a list item or a clause of its own. */
const SEGMENT_BREAK = /[;•]/

/**
 * Words a filing uses to say it withholds a value: "two undisclosed genetic targets", "the amount
 * has not been disclosed". Such a sentence tells the reader the filing does not say.
 */
const WITHHELD = /\bundisclosed\b|\bnot\s+(?:been\s+)?(?:publicly\s+)?disclosed\b/i

/**
 * The text beside each blank of `text` (up to NEAR characters either side, within its list item or
 * clause): what the blank stands for. A long passage printing a blank for the RSU expense in one
 * bullet ("approximately $ million that we will incur") leaves its revenue bullets unblanked.
 */
export function blankContexts(text: string): string[] {
  return contexts(text, BLANKS, NEAR, NEAR)
}

/**
 * How far a withholding word reaches: the noun phrase it qualifies ("undisclosed genetic targets")
 * or the subject of its clause ("the amount has not been disclosed"), not the rest of a long
 * sentence (the same sentence goes on about the upfront payment, which it states).
 */
const WITHHELD_BEFORE = 30
const WITHHELD_AFTER = 25

/** The text beside each word of `text` saying a value is withheld ("undisclosed"), as blankContexts. */
export function withheldContexts(text: string): string[] {
  return contexts(text, [WITHHELD], WITHHELD_BEFORE, WITHHELD_AFTER)
}

function contexts(text: string, patterns: readonly RegExp[], before: number, after: number): string[] {
  const out: string[] = []
  for (const re of patterns)
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
      const at = m.index ?? 0
      const end = at + m[0].length
      const lead =
        text
          .slice(Math.max(0, at - before), at)
          .split(SEGMENT_BREAK)
          .at(-1) ?? ''
      const tail = text.slice(end, end + after).split(SEGMENT_BREAK)[0] ?? ''
      out.push(`${lead}${m[0]}${tail}`)
    }
  return out
}
