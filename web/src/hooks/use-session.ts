/**
 * The visitor's question allowance and the answer mode, as last reported by /ask. There is no
 * endpoint to ask for them, so they are read from the answers (and failures) already in the
 * query cache: whichever ask query changed last has the freshest figures.
 */
import type { AnswerMode, SessionInfo } from '@asks1/shared/api'
import { type Query, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { ApiError } from '../api/http'
import { type AnswerState, queryKeys } from '../api/queries'

type AskQuery = Query<AnswerState, Error>

const changedAt = (q: AskQuery) => Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt)

/** The most recent session figures among the ask queries (pure; stable references for React). */
export function latestSession(queries: AskQuery[]): SessionInfo | null {
  let best: { at: number; session: SessionInfo } | null = null
  for (const q of queries) {
    const fromError =
      q.state.status === 'error' && q.state.error instanceof ApiError ? q.state.error.session : undefined
    const session = fromError ?? q.state.data?.reply?.session
    if (session && (!best || changedAt(q) >= best.at)) best = { at: changedAt(q), session }
  }
  return best?.session ?? null
}

export function latestMode(queries: AskQuery[]): AnswerMode | null {
  let best: { at: number; mode: AnswerMode } | null = null
  for (const q of queries) {
    const mode = q.state.data?.reply?.mode
    if (mode && (!best || q.state.dataUpdatedAt >= best.at)) best = { at: q.state.dataUpdatedAt, mode }
  }
  return best?.mode ?? null
}

function useAskCache<T>(select: (queries: AskQuery[]) => T): T {
  const cache = useQueryClient().getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  const snapshot = () => select(cache.findAll({ queryKey: queryKeys.askAll }) as AskQuery[])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

export const useSessionInfo = () => useAskCache(latestSession)
export const useAnswerMode = () => useAskCache(latestMode)
