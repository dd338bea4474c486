import { HISTORY_ITEM_MAX_CHARS, HISTORY_MAX_ITEMS } from '@asks1/shared/contract/limits'
import type { HistoryTurn } from '../api/queries'

/**
 * Prior answered turns as the `history` of the next question, oldest first, capped to what the API
 * accepts: the most recent turns are kept, over-long texts are cut at the end.
 */
export function buildHistory(turns: readonly { question: string; answer: string }[]): HistoryTurn[] {
  const items: HistoryTurn[] = turns.flatMap((t) => [
    { role: 'user' as const, content: t.question.slice(0, HISTORY_ITEM_MAX_CHARS) },
    { role: 'assistant' as const, content: t.answer.slice(0, HISTORY_ITEM_MAX_CHARS) },
  ])
  return items.slice(Math.max(0, items.length - HISTORY_MAX_ITEMS))
}
