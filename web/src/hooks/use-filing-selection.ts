/**
 * Which filing is shown: `?company=<id>` in the URL (so shared links keep working), else the
 * registry's default. Switching is a transition: the switcher shows the new choice at once
 * (useOptimistic) while the registry is re-read for the filing's current ingest status, and the
 * page shows an overlay rather than freezing (isPending).
 */
import type { FilingsReply } from '@asks1/shared/contract/api'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useOptimistic, useRef, useState, useTransition } from 'react'
import { filingsQueryOptions } from '../api/queries'

export const COMPANY_PARAM = 'company'

export function readCompanyParam(search: string): string | null {
  const value = new URLSearchParams(search).get(COMPANY_PARAM)
  return value?.trim() ? value.trim() : null
}

/** The URL of the same page with the company parameter set, keeping every other parameter. */
export function companyUrl(href: string, id: string): string {
  const url = new URL(href)
  url.searchParams.set(COMPANY_PARAM, id)
  return `${url.pathname}${url.search}${url.hash}`
}

export interface FilingSelection {
  /** The filing the page is showing. */
  selectedId: string
  /** The filing the switcher marks: the one being switched to during a transition. */
  shownId: string
  isPending: boolean
  /** A `?company=` id that names no filing (the default is shown instead). */
  unknownId: string | null
  select: (id: string) => void
}

export function useFilingSelection(reply: FilingsReply): FilingSelection {
  const queryClient = useQueryClient()
  const [requested, setRequested] = useState(() => readCompanyParam(window.location.search))
  const [optimistic, setOptimistic] = useOptimistic(requested)
  const [isPending, startTransition] = useTransition()

  const switchTo = useCallback(
    (id: string | null) => {
      startTransition(async () => {
        setOptimistic(id)
        // The filing is ready to show once its current ingest status is known: re-read the registry
        // (a filing ingested since the page loaded then shows as ready). A failure keeps the old list.
        await queryClient.fetchQuery({ ...filingsQueryOptions(), staleTime: 0 }).catch(() => undefined)
        startTransition(() => setRequested(id))
      })
    },
    [queryClient, setOptimistic],
  )

  const select = useCallback(
    (id: string) => {
      window.history.pushState(null, '', companyUrl(window.location.href, id))
      switchTo(id)
    },
    [switchTo],
  )

  // Back/forward move between filings like any other navigation. A popstate that leaves the filing as
  // it is (following an in-page link like the skip link's #question) is not a switch.
  const requestedRef = useRef(requested)
  requestedRef.current = requested
  useEffect(() => {
    const onPop = () => {
      const id = readCompanyParam(window.location.search)
      if (id !== requestedRef.current) switchTo(id)
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [switchTo])

  const known = (id: string | null): id is string => id !== null && reply.filings.some((f) => f.id === id)
  return {
    selectedId: known(requested) ? requested : reply.default,
    shownId: known(optimistic) ? optimistic : reply.default,
    isPending,
    unknownId: requested !== null && !known(requested) ? requested : null,
    select,
  }
}
