/**
 * Years and months as filings and questions print them: the one home of the four-digit-year test
 * and of the month names. Browser-safe, for the contract, ingest, retrieval and answers.
 */

/** The months as questions and filings spell them out. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const

/** A month's number (1–12) from its name or abbreviation ("January", "Sept."), else null. */
export function monthOf(name: string): number | null {
  const key = name.slice(0, 3).toLowerCase()
  const i = MONTH_NAMES.findIndex((m) => m.slice(0, 3) === key)
  return i < 0 ? null : i + 1
}

/*
 * A year: four digits, 1900–2099 (a filing's history and forecasts; "2,011" or "$2011" are
 * figures, which callers keep apart by their own context).
 */

/** Whether the whole text is a year ("2011"; not "q3", "12", "20111"). */
export const isYear = (text: string): boolean => /^(?:19|20)\d{2}$/.test(text)

/** The years a text prints as words of their own, in order ("Year ended 2010 and 2011" → both). */
export const yearsIn = (text: string): string[] => text.match(/\b(?:19|20)\d{2}\b/g) ?? []

/** Whether a text prints a year as a word of its own. */
export const hasYear = (text: string): boolean => /\b(?:19|20)\d{2}\b/.test(text)
