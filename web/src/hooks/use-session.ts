/**
 * The visitor's question allowance: GET /session from the start, then whatever each answer or
 * failure last reported (the ask queries write it into the same query; see `reportSession`).
 * Unknown (null) while the first read is in flight or if it failed: the app then shows no count.
 */
import type { SessionInfo } from '@asks1/shared/contract/api'
import { useQuery } from '@tanstack/react-query'
import { sessionQueryOptions } from '../api/queries'

export function useSessionInfo(): SessionInfo | null {
  return useQuery(sessionQueryOptions()).data ?? null
}
