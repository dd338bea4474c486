/**
 * A year as filings and questions print it: four digits, 1900–2099 (a filing's history and
 * forecasts; "2,011" or "$2011" are figures, which callers keep apart by their own context).
 * The one home of the four-digit-year test; browser-safe, for the contract, ingest and answers.
 */

/** Whether the whole text is a year ("2011"; not "q3", "12", "20111"). */
export const isYear = (text: string): boolean => /^(?:19|20)\d{2}$/.test(text)

/** The years a text prints as words of their own, in order ("Year ended 2010 and 2011" → both). */
export const yearsIn = (text: string): string[] => text.match(/\b(?:19|20)\d{2}\b/g) ?? []

/** Whether a text prints a year as a word of its own. */
export const hasYear = (text: string): boolean => /\b(?:19|20)\d{2}\b/.test(text)
