/**
 * Answers the form prints in a fixed place and shape, asked by the name the form gives them, as
 * data with their sources. Pure.
 *
 * - The trading symbol and the market: Regulation S-K Item 501(b)(4) (17 CFR 229.501(b)(4)) puts on the prospectus
 *   cover "the market for the securities and the trading symbol"; filings print it in quotation
 *   marks, in capitals ("under the symbol “FB.”", "under the symbol “TWTR”"). Readers call it the
 *   ticker symbol (SEC Investor.gov glossary, "ticker symbol"). A preliminary prospectus may leave
 *   it blank (`trading symbol “ .”`, blanks.ts).
 * - The description of the business: what the filer is and does. Regulation S-K Item 101 (the
 *   description of business, Form S-1 Item 11(a), Form 10-K Item 1) and Item 503(a) (the prospectus
 *   summary, whose overview opens with it). A question whose only subject is the filer, or the
 *   filer and the words of those sections' titles ("What does Facebook do?", "What is CAMP4?",
 *   "What business is Pandora in?"), asks for that description: once the filer's name and the
 *   interrogative frame are read, nothing else is asked.
 */
import { isHeading } from '@asks1/shared/contract/headings'
import { type TextUnit, textUnits } from '@asks1/shared/contract/sentences'
import { keywordTerms } from '@asks1/shared/retrieval/terms'
import { FORM_SECTIONS } from '@asks1/shared/retrieval/vocabulary'
import { LISTS, printsMarketBlank, printsSymbolBlank } from './blanks'
import { asksProceedings } from './proceedings'
import { asksMarketPrice } from './untraded'

export type FormAnswer =
  | 'symbol'
  | 'market'
  | 'offering-price'
  | 'public-market'
  | 'market-price'
  | 'description'
  | 'proceedings'

/** Item 501(b)(4)'s caption for it: what the passages printing it are searched by when the question's words miss them. */
export const SYMBOL_CAPTION = 'trading symbol'

/** Item 501(b)(4)'s own word for it, as index terms: what a passage printing it is matched by. */
export const SYMBOL_WORD: readonly string[] = keywordTerms('symbol')

/** The words a question names the trading symbol by: Item 501(b)(4)'s "symbol", readers' "ticker". */
const SYMBOL_TERMS = new Set(keywordTerms('symbol ticker'))

/**
 * A trading symbol as filings print it: the word "symbol", then within a few words one to five
 * capitals in quotation marks (a class suffix such as ".A" allowed, the sentence's period inside
 * the quotes or not). A blank (“ .”) holds no capitals, so it is no symbol.
 */
const SYMBOL_RE = /\bsymbols?\b[^.“”"]{0,40}?[“"]\s*[A-Z]{1,5}(?:[.-][A-Z])?\s*[.,]?\s*[”"]/

export const printsSymbol = (text: string): boolean => SYMBOL_RE.test(text)

/** Whether a text prints the trading symbol, or the blank a preliminary prospectus leaves for it (blanks.ts). */
export const printsSymbolOrBlank = (text: string): boolean => SYMBOL_RE.test(text) || printsSymbolBlank(text)

/**
 * A question asking which market the shares are listed on: which or what "exchange" (a stock
 * exchange: Securities Exchange Act §3(a)(1) defines an exchange as a market place for securities;
 * Item 501(b)(4) puts "the market for the securities" on the cover). Not the Exchange Act, the
 * Commission, an exchange rate or ratio.
 */
const MARKET_QUESTION =
  /\b(?:which|what)\s+(?:(?:stock|securities)\s+)?exchange\b(?!\s+(?:act|commission|rates?|ratios?)\b)/i

/**
 * Whether the shares have a public market, asked yes or no in Item 201(a)(1)'s words ("established
 * public trading market"): the filing's statement on it answers (untraded.ts).
 */
const PUBLIC_MARKET = /\bpublic\s+(?:trading\s+)?market\b/i

/**
 * One share as the thing an amount is asked of ("How much will one Acme share cost?", "a share",
 * "each share"), not "per share" qualifying another amount ("how much dilution per share") nor "a
 * share of" something (a part of it).
 */
const ONE_SHARE = /\b(?:one|a|each)\s+(?:[\p{L}\p{N}.&'’-]+\s+)?share\b(?!\s+of\b)/iu
/** The offering, as index terms: "IPO" (read as "initial public offering" by acronyms.ts) or "offering". */
const OFFERING_TERMS = new Set(keywordTerms('ipo offering'))

/**
 * Item 501(b)(3)'s offering price as filings print it: "public offering price" and, within a few
 * words, an amount per share or the blanks left for it ("is $11.00 per share", "of $26.00 per
 * share", "will be between $ and $ per share", "of $ per share").
 */
const OFFERING_PRICE =
  /\bpublic\s+offering\s+price\b[^.;]{0,40}?\$\s?(?:\d[\d.,]*\s+per\s+share|per\s+share|and\s+\$)/i

/** Whether a text prints the offering price per share, or the blank a preliminary prospectus leaves. */
export const printsOfferingPrice = (text: string): boolean => OFFERING_PRICE.test(text)

/** The form's words for the offering price: what its passages are searched by when the question's words miss them. */
export const OFFERING_PRICE_CAPTION = 'initial public offering price per share'

/**
 * Item 501(b)(4)'s sentence: the shares listed (quoted, traded) on a market under a trading symbol
 * (or the blanks a preliminary prospectus leaves for either). What a market question is answered by.
 */
export const printsListing = (text: string): boolean =>
  LISTS.test(text) && (printsSymbolOrBlank(text) || printsMarketBlank(text))

/**
 * The sections that describe the business, in the order a prospectus prints them: the summary
 * (Item 503(a)) opens with an overview of the business, and Business (Item 101) describes it;
 * a 10-K has no summary and opens with Business (Item 1).
 */
export const DESCRIPTION_SECTIONS = ['summary', 'business'] as const
/** Whether a standard section's id (vocabulary.ts) is one that describes the business. */
export const describesBusiness = (id: string | undefined): boolean =>
  (DESCRIPTION_SECTIONS as readonly string[]).includes(id ?? '')
/**
 * Item 101's titles as index terms ("business"): a question naming only the filer and its business
 * asks for the description. Not the summary's titles: "the offering" is asked about in its own right.
 */
const DESCRIPTION_TERMS = new Set(
  FORM_SECTIONS.filter((s) => s.id === 'business').flatMap((s) =>
    s.titles.flatMap((t) => keywordTerms(t).filter((w) => !w.includes(' '))),
  ),
)

/**
 * Words that qualify the business as a whole (its main part, its kind, nature or line), not a part
 * of it: Item 101(c)'s "principal products", "dominant segment", "general development of the
 * business". "Facebook's mobile business" is a part, not the business.
 */
const WHOLE = 'principal|primary|main|chief|core|general|overall|nature|line|kind|type|description'

/**
 * "What is X's principal line of business?", "What is the nature of its business?": the copula's
 * complement is a noun phrase of the filer's (a possessive) headed by Item 101's title word and
 * qualified only as a whole (`WHOLE`), so what is asked is the business itself. Grammar, read on
 * the text; the possessor is checked against the filer's name by the caller.
 */
const BUSINESS_NP = new RegExp(
  `^\\s*what\\s+(?:is|was)\\s+(?:the\\s+(?:${WHOLE})\\s+of\\s+)?(its|[\\p{L}\\p{N}.&-]+(?:\\s+[\\p{L}\\p{N}.&-]+){0,3}?['’]s?)\\s+(?:(?:${WHOLE}|of)\\s+){0,4}business\\s*\\??\\s*$`,
  'iu',
)

/**
 * Which of the form's fixed answers a question asks for, if any: the market when it asks which or
 * what exchange; the trading symbol when it names the symbol and asks what or which (not a yes/no,
 * a figure or a date); the description of the
 * business when it names nothing but the filer and words of the describing sections' titles, or
 * asks what the filer's business is (`BUSINESS_NP`), asking what (or, for "What does the company
 * do?", read as asking for a name). `own` are the filer's name as index terms.
 */
export function formAnswerOf(q: {
  text: string
  own: readonly string[]
  terms: readonly string[]
  phrases: readonly string[]
  names: readonly string[]
  periods: readonly string[]
  answerType: string
}): FormAnswer | null {
  if (q.answerType === 'yesno' && PUBLIC_MARKET.test(q.text)) return 'public-market'
  if (q.answerType === 'amount' && ONE_SHARE.test(q.text) && q.terms.some((t) => OFFERING_TERMS.has(t)))
    return 'offering-price'
  // "Which exchange …?" asks a market's name, which the query module may read as a place ("… on?").
  if (['other', 'name', 'location'].includes(q.answerType) && MARKET_QUESTION.test(q.text)) return 'market'
  // A price only trading sets (Item 201(a)(1), untraded.ts), whatever interrogative asks it.
  if (asksMarketPrice(q.text)) return 'market-price'
  if (q.answerType !== 'other' && q.answerType !== 'name') return null
  if (q.terms.some((t) => SYMBOL_TERMS.has(t))) return 'symbol'
  if (asksProceedings(q.terms)) return 'proceedings'
  if (q.names.length > 0 || q.periods.length > 0) return null
  if (q.phrases.length === 0 && q.terms.every((t) => DESCRIPTION_TERMS.has(t))) return 'description'
  const owner = BUSINESS_NP.exec(q.text)?.[1]?.replace(/['’]s?$/, '')
  const filer = (w: string) =>
    /^(?:its|the\s+company)$/i.test(w) || keywordTerms(w).every((t) => q.own.includes(t))
  return owner && filer(owner) ? 'description' : null
}

/**
 * Sentences about the document or addressed to its reader ("This summary highlights information
 * contained elsewhere in this prospectus", "You should read the entire prospectus carefully"): the
 * summary opens with them, and they say nothing of the filer.
 */
const ABOUT_DOCUMENT = /\b(?:you|your)\b|\bthis\s+(?:summary|prospectus|report|annual\s+report)\b/i
/** The filer speaking of itself in the first person plural ("We are …", "Our mission is …"). */
const FIRST_PERSON = /\b(?:we|our|us)\b/i
/** Whether a text speaks of the filer: by its name (`own`, as index terms) or as "we". */
export const speaksOf = (text: string, own: readonly string[], stems: (text: string) => readonly string[]) =>
  FIRST_PERSON.test(text) || stems(text).some((t) => own.includes(t))

/**
 * A definition of the filer: its name (or "we") as the subject of "is/are" and an article
 * ("Pandora is the leader in internet radio", "We are a clinical-stage biopharmaceutical company",
 * "Twitter is a global platform"), within its first words.
 */
const DEFINES = /^(?:[\p{L}\p{N}.,&'’-]+\s+){0,5}?(?:is|are)\s+(?:a|an|the)\s/iu

/**
 * A line that heads rather than says: in capitals ("PANDORA MEDIA, INC.", the chunker's heading
 * test), or a few capitalised words with no closing stop ("Overview", "Who We Are", "Our Mission").
 * Left out, it does not run into the sentence after it.
 */
function headingLine(line: string): boolean {
  const t = line.trim()
  if (isHeading(t) || (/^[^a-z]*$/.test(t) && /\p{Lu}{2}/u.test(t))) return true
  const words = t.split(/\s+/)
  return words.length <= 5 && !/[.:;,!?]$/.test(t) && words.every((w) => /^[\p{Lu}\d&]/u.test(w))
}

const withoutHeadings = (text: string): string =>
  text
    .split('\n')
    .filter((l) => !headingLine(l))
    .join('\n')

/** Most sentences a description quotes (the one to three quotes). */
const DESCRIPTION_QUOTES = 3

/**
 * The sentences of a describing section's opening (Items 503(a) and 101) that describe the filer:
 * those speaking of it by name or as "we", not of the document or to its reader; a sentence
 * defining it first ("We are a …", then "X is a …"), then the others in the order printed. `own`
 * are the filer's name as index terms (question.ts); `stems` reads a text's index terms; `passages`
 * are in the order printed.
 */
export function describingUnits(
  passages: readonly { text: string; startPage: string | null }[],
  own: readonly string[],
  stems: (text: string) => readonly string[],
): TextUnit[] {
  const ownSet = new Set(own)
  const speaksOfFiler = (u: TextUnit) => speaksOf(u.text, own, stems)
  // Overlapping passages print a sentence twice: once each.
  const seen = new Set<string>()
  const units = passages
    .flatMap((p) => textUnits(withoutHeadings(p.text), p.startPage))
    .filter(
      (u) =>
        u.kind === 'sentence' &&
        !ABOUT_DOCUMENT.test(u.text) &&
        speaksOfFiler(u) &&
        !seen.has(u.text) &&
        !!seen.add(u.text),
    )
  // 2: the filer defines itself as "we"; 1: a sentence defines its name, which may name something
  // else too ("CAMP4 is the final camp before the summit of Mount Everest"); 0: no definition.
  const defines = (u: TextUnit): number => {
    const subject = DEFINES.exec(u.text)?.[0]
    if (!subject) return 0
    if (/\bwe\b/i.test(subject)) return 2
    return stems(subject).some((t) => ownSet.has(t)) ? 1 : 0
  }
  // Stable: in the order printed within each rank.
  return [...units].sort((a, b) => defines(b) - defines(a)).slice(0, DESCRIPTION_QUOTES)
}
