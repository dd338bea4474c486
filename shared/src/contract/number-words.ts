/**
 * English cardinal number words, the one table of them: a filing spells a count of days or years
 * with them ("one hundred eighty (180) days"), a column's period ("six months ended") and a question
 * its count ("the three largest"). The words are English's: one to nineteen, the tens, "hundred".
 * Browser-safe data.
 */

/** Every cardinal word and its value, smallest first (a regex alternation tries "six" before "sixteen"). */
export const CARDINALS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
}

/** Small cardinals as filings and questions spell them ("six months ended", "the three largest"): one to twelve. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(CARDINALS).filter(([, n]) => n <= 12),
)

/** The word for a number the table holds ("six" for 6), else undefined. */
export const wordOf = (n: number): string | undefined =>
  Object.entries(CARDINALS).find(([, v]) => v === n)?.[0]
