/**
 * Each filing's thread for the visit, restored from localStorage on load and saved whenever one of
 * its answers completes (see lib/thread-store.ts). Restored answers go straight into the query
 * cache, so they render as answered and are never asked again.
 */
import { useQueryClient } from '@tanstack/react-query'
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react'
import { type AnswerState, type AskTurnInput, queryKeys } from '../api/queries'
import { browserStorage, clearThread, loadThreads, type SavedTurn, saveThread } from '../lib/thread-store'

export interface Threads {
  threads: Record<string, AskTurnInput[]>
  setThreads: Dispatch<SetStateAction<Record<string, AskTurnInput[]>>>
  /** Forgets a filing's thread, here and in storage. */
  clear: (filing: string) => void
}

export function useThreads(): Threads {
  const queryClient = useQueryClient()
  const [storage] = useState(browserStorage)
  const [threads, setThreads] = useState<Record<string, AskTurnInput[]>>(() => {
    // A restored answer must never be garbage-collected and then re-asked: it would cost a question.
    queryClient.setQueryDefaults(queryKeys.askAll, {
      gcTime: Number.POSITIVE_INFINITY,
      staleTime: Number.POSITIVE_INFINITY,
    })
    const restored: Record<string, AskTurnInput[]> = {}
    for (const [filing, turns] of Object.entries(storage ? loadThreads(storage) : {})) {
      restored[filing] = turns.map((t) => {
        const answer: AnswerState = { text: t.reply.answer, reply: t.reply }
        queryClient.setQueryData(queryKeys.ask(filing, t.turnId), answer)
        return { filing, turnId: t.turnId, question: t.question, history: [] }
      })
    }
    return restored
  })
  const threadsRef = useRef(threads)
  threadsRef.current = threads

  const persist = useCallback(
    (filing: string) => {
      if (!storage) return
      const turns: SavedTurn[] = (threadsRef.current[filing] ?? []).flatMap((t) => {
        const data = queryClient.getQueryData<AnswerState>(queryKeys.ask(filing, t.turnId))
        return data?.reply ? [{ turnId: t.turnId, question: t.question, reply: data.reply }] : []
      })
      saveThread(storage, filing, turns)
    },
    [queryClient, storage],
  )

  // Saved when an answer completes (a failed or stopped one is not kept).
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const key = event.query.queryKey
        if (event.type === 'updated' && event.action.type === 'success' && key[0] === queryKeys.askAll[0])
          persist(String(key[1]))
      }),
    [queryClient, persist],
  )

  const clear = useCallback(
    (filing: string) => {
      setThreads((all) => ({ ...all, [filing]: [] }))
      queryClient.removeQueries({ queryKey: [...queryKeys.askAll, filing] })
      if (storage) clearThread(storage, filing)
    },
    [queryClient, storage],
  )
  return { threads, setThreads, clear }
}
