/**
 * What a source card shows: the sentence of the passage that matched the answer, not the passage's
 * first words. Within the part of the passage on the cited page(s), the sentence holding the answer's
 * quote or figures for that page wins; else the one sharing most words with the answer; else the
 * page part's first sentence.
 */
import type { AskReply, Source } from '@asks1/shared/contract/api'
import { PAGE_TAG_RE, stripPageTags } from '@asks1/shared/contract/citations'
import { quotesForPage } from './answer-parts'
import { figuresOf } from './citation-status'
import { highlightRanges, highlightRegExp } from './highlight'

/** The text of a tagged chunk that sits on the given pages (the whole chunk when none is tagged). */
export function textOnPages(tagged: string, pages: readonly string[]): string {
  const wanted = new Set(pages)
  const parts: string[] = []
  let current: string | null = null
  let at = 0
  for (const m of tagged.matchAll(PAGE_TAG_RE)) {
    if (current === null || wanted.has(current)) parts.push(tagged.slice(at, m.index))
    current = m[1] as string
    at = (m.index ?? 0) + m[0].length
  }
  if (current === null || wanted.has(current)) parts.push(tagged.slice(at))
  const text = stripPageTags(parts.join(' ')).trim()
  return text || stripPageTags(tagged)
}

export function sentencesOf(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (typeof Intl.Segmenter !== 'function') return flat.split(/(?<=[.!?])\s+(?=[A-Z(“"])/)
  return [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(flat)]
    .map((s) => s.segment.trim())
    .filter(Boolean)
}

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9][a-z0-9.,%$-]*[a-z0-9%]|[a-z0-9]/g) ?? [])

export function matchedSentence(source: Source, reply: AskReply, pages: readonly string[]): string {
  return bestSentence(source, reply, pages).sentence
}

/**
 * The best sentence and how well it matched (100 per quote or figure found, plus shared words), so
 * that of two passages covering a page, the one holding the answer's evidence can keep it.
 */
export function bestSentence(
  source: Source,
  reply: AskReply,
  pages: readonly string[],
): { sentence: string; score: number } {
  const sentences = sentencesOf(textOnPages(source.text, pages))
  if (sentences.length === 0) return { sentence: '', score: -1 }
  const quotes = pages.flatMap((p) => quotesForPage(reply.answer, p))
  const figures = figuresOf(reply.citations.filter((c) => pages.includes(c.page)))
  const re = highlightRegExp(figures, quotes)
  const answerWords = words(reply.answer)
  let best = sentences[0] as string
  let bestScore = -1
  for (const sentence of sentences) {
    const hits = re ? highlightRanges(sentence, re).length : 0
    let shared = 0
    for (const w of words(sentence)) if (w.length > 3 && answerWords.has(w)) shared++
    const score = hits * 100 + shared
    if (score > bestScore) {
      best = sentence
      bestScore = score
    }
  }
  return { sentence: best, score: bestScore }
}
