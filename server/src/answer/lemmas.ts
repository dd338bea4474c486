/**
 * Irregular verb forms read as their base form ("paid" → "pay", "sold" → "sell", "lost" → "lose",
 * "grew" → "grow"), by wink-lemmatizer's English verb exceptions (from WordNet's exception lists).
 * The shared stemmer (Porter) leaves them apart: "Does Twitter pay a dividend?" never met "We have
 * never declared or paid any cash dividends". Applied to the question's terms and to the units
 * alike, in the answer ranker only. Pure (memoised).
 */
/// <reference path="../types/wink-lemmatizer.d.ts" />
import lemmatizer from 'wink-lemmatizer'

const LEMMAS = new Map<string, string>()

/** The base form of an irregular verb form, or the word itself. */
export function verbLemma(word: string): string {
  const lower = word.toLowerCase()
  let lemma = LEMMAS.get(lower)
  if (lemma === undefined) {
    lemma = lemmatizer.verb(lower) as string
    if (LEMMAS.size > 50_000) LEMMAS.clear()
    LEMMAS.set(lower, lemma)
  }
  return lemma
}

/** A text with each irregular verb form replaced by its base form (other words untouched). */
export function withVerbLemmas(text: string): string {
  return text.replace(/[A-Za-z]+/g, (w) => {
    const l = verbLemma(w)
    return l === w.toLowerCase() ? w : l
  })
}
