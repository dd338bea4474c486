/**
 * Which financial-statement line items a text names, by the captions of the shared line-item data
 * (financial-terms.ts: US-GAAP taxonomy standard labels and Regulation S-X captions). A figure
 * question naming a line item ("total revenue for the fiscal year") is answered by a figure of
 * that line item, not by another table's total for the same year. Pure.
 */
import { LINE_ITEMS } from '@asks1/shared/retrieval/financial-terms'
import { stem } from '@asks1/shared/retrieval/terms'

/** A text's words, lower case, split at anything not a letter or digit ("net-sales" is "net sales"). */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .match(/[\p{L}\p{N}]+/gu) ?? []

const CAPTIONS = LINE_ITEMS.flatMap((i) =>
  i.labels.map((label) => ({ element: i.element, words: wordsOf(label).map(stem) })),
).filter((c) => c.words.length > 0)

/** Where the caption's words stand in a row in `stems`, or -1. */
function at(stems: readonly string[], caption: readonly string[]): number {
  for (let i = 0; i + caption.length <= stems.length; i++)
    if (caption.every((w, k) => stems[i + k] === w)) return i
  return -1
}

/**
 * The line items whose captions the text prints: taxonomy element → the longest caption as the
 * text prints it ("total revenue" over "revenue"), for saying which line item was looked for.
 */
export function lineItemsNamed(text: string): Map<string, string> {
  const words = wordsOf(text)
  const stems = words.map(stem)
  const out = new Map<string, string>()
  for (const c of CAPTIONS) {
    const i = at(stems, c.words)
    if (i < 0) continue
    const printed = words.slice(i, i + c.words.length).join(' ')
    const seen = out.get(c.element)
    if (!seen || seen.split(' ').length < c.words.length) out.set(c.element, printed)
  }
  return out
}
