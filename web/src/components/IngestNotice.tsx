/**
 * A filing not ingested yet: while the server reads it (first start), its stage and percentage from
 * GET /ready, re-read until it is ready; then the registry is re-read and asking opens. Asking stays
 * disabled meanwhile (Chat). A filing that no ingest is reading says so.
 */
import type { FilingInfo } from '@asks1/shared/contract/api'
import type { ReadyReply } from '@asks1/shared/contract/operations'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { queryKeys, readyQueryOptions } from '../api/queries'

const STAGES = {
  extract: 'Reading its pages',
  embed: 'Indexing its passages',
  write: 'Saving the index',
} as const
/** How often /ready is re-read while the filing is being read (a progress display, nothing waits on it). */
const POLL_MS = 1500

type ReadyFiling = ReadyReply['filings'][number]

const inProgress = (reply: ReadyReply | undefined, f: ReadyFiling | undefined) =>
  f !== undefined && (f.state === 'ingesting' || (f.state === 'pending' && reply?.phase !== 'ready'))

export function IngestNotice({ filing }: { filing: FilingInfo }) {
  const queryClient = useQueryClient()
  const ready = useQuery({
    ...readyQueryOptions(),
    refetchInterval: (query) => {
      const reply = query.state.data
      return inProgress(
        reply,
        reply?.filings.find((f) => f.id === filing.id),
      )
        ? POLL_MS
        : false
    },
  })
  const state = ready.data?.filings.find((f) => f.id === filing.id)
  useEffect(() => {
    // Ingested now: the registry says so too, and the page opens for questions.
    if (state?.state === 'ready') void queryClient.invalidateQueries({ queryKey: queryKeys.filings })
  }, [state?.state, queryClient])

  if (state && inProgress(ready.data, state)) {
    const progress = state.progress
    return (
      <div className="notice notice--info ingest" role="status">
        <p className="notice__title">Reading this filing for the first time</p>
        <p>
          {progress ? `${STAGES[progress.stage]}: ${progress.percent} %` : 'Waiting for its turn…'} Questions
          open once it is ready.
        </p>
        <progress
          max={100}
          value={progress ? progress.percent : undefined}
          aria-label={progress ? `${STAGES[progress.stage]}, ${progress.percent} percent` : 'Waiting'}
        />
      </div>
    )
  }
  return (
    <p className="notice notice--info" role="status">
      {state?.state === 'failed'
        ? `This filing could not be read${state.message ? ` (${state.message})` : ''}, so questions about it cannot be answered.`
        : 'This filing has not been ingested yet, so questions about it cannot be answered until it is.'}
    </p>
  )
}
