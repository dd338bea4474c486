import type { HistoryTurn } from '../api/queries'

/** The contract's limits on resent history (AskBodySchema: 20 items, 8000 characters each). */
export const MAX_HISTORY_ITEMS = 20
export const MAX_HISTORY_CHARS = 8000

/**
 * Prior answered turns as the `history` of the next question, oldest first, capped to what the API
 * accepts: the most recent turns are kept, over-long texts are cut at the end.
 */
export function buildHistory(turns: readonly { question: string; answer: string }[]): HistoryTurn[] {
  const items: HistoryTurn[] = turns.flatMap((t) => [
    { role: 'user' as const, content: t.question.slice(0, MAX_HISTORY_CHARS) },
    { role: 'assistant' as const, content: t.answer.slice(0, MAX_HISTORY_CHARS) },
  ])
  return items.slice(Math.max(0, items.length - MAX_HISTORY_ITEMS))
}
