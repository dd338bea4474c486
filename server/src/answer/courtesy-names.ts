/**
 * People a quote speaks of by courtesy title and surname ("Mr. Chernin", "Dr. Ragan", "Ms. Gold"):
 * a filing names a person in full once (Regulation S-K Item 401's officers and directors) and by
 * title and surname after that, as plain English does. For a question asking who, the first quote
 * names the person who answers; a second quote speaking of someone else by title ("Mr. Chernin
 * held various positions … as chairman and chief executive officer of Fox Entertainment Group")
 * matches the question's words about another person's office, not about the one asked. Pure.
 */

/** A courtesy title before a surname (capitalised, hyphens and apostrophes allowed). */
const TITLED = /\b(?:Mr|Mrs|Ms|Dr|Messrs)\.?\s+(\p{Lu}[\p{L}'’-]*\p{L})/gu

/** The surnames a text speaks of by courtesy title, without a possessive "’s". */
export function titledSurnames(text: string): string[] {
  return [...text.matchAll(TITLED)].map((m) => (m[1] as string).replace(/['’]s$/u, ''))
}

/**
 * Whether `follower` speaks by courtesy title only of people `first` does not print: it names
 * someone, and none of them is among those the first quote names (by any of their surnames).
 */
export function aboutOthers(first: string, follower: string): boolean {
  const named = titledSurnames(follower)
  if (named.length === 0) return false
  const words = new Set(first.match(/[\p{L}'’-]+/gu)?.map((w) => w.replace(/['’]s$/u, '')) ?? [])
  return !named.some((s) => words.has(s))
}
