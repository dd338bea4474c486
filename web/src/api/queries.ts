/**
 * Query keys and `queryOptions` factories, one per resource (TanStack's recommended layout).
 * Components use these through the hooks in ../hooks, never fetch directly.
 */
import type {
  AskBody,
  AskReply,
  AskStreamEvent,
  FilingsReply,
  SessionInfo,
  SourcePageReply,
} from '@asks1/shared/contract/api'
import { type DocumentPageReply, documentPageUrl } from '@asks1/shared/contract/document'
import type { ReadyReply } from '@asks1/shared/contract/operations'
import { ROUTES } from '@asks1/shared/contract/routes'
import {
  type QueryClient,
  queryOptions,
  experimental_streamedQuery as streamedQuery,
} from '@tanstack/react-query'
import { StoppedError, streamAsk } from './ask-stream'
import { ApiError, errorFromResponse, getJson, request } from './http'

export type HistoryTurn = NonNullable<AskBody['history']>[number]

export const queryKeys = {
  filings: ['filings'] as const,
  session: ['session'] as const,
  ready: ['ready'] as const,
  sourcePage: (filing: string, page: string) => ['sources', filing, 'page', page] as const,
  documentPage: (filing: string, page: string) => ['document', filing, 'page', page] as const,
  askAll: ['ask'] as const,
  ask: (filing: string, turnId: string) => ['ask', filing, turnId] as const,
}

export const filingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.filings,
    queryFn: ({ signal }) => getJson<FilingsReply>(ROUTES.filings, signal),
    staleTime: 60_000,
  })

/**
 * The visitor's question allowance (GET /session: looking uses no question). Read once per visit;
 * from then on every answer and every failure that reports the session writes its figures here
 * (see `reportSession`), so it never needs refetching.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getJson<SessionInfo>(ROUTES.session, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

/**
 * The server's readiness (GET /ready), read while a filing is being ingested to show its progress.
 * Not ready is a 503 with the same body: both are answers here, not failures.
 */
export const readyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ready,
    queryFn: async ({ signal }) => {
      const res = await request(ROUTES.ready, { headers: { accept: 'application/json' }, signal })
      if (res.status !== 200 && res.status !== 503) throw await errorFromResponse(res)
      return (await res.json()) as ReadyReply
    },
  })

/**
 * Passes an answer's events through, writing the session figures the server reports (in `done`, or
 * on the error that ends the stream) into the session query. A first /session read still in flight
 * is cancelled: it was sent before this question took its slot, so its figures would be stale.
 */
export async function* reportSession(
  client: QueryClient,
  events: AsyncIterable<AskStreamEvent>,
): AsyncGenerator<AskStreamEvent> {
  void client.cancelQueries({ queryKey: queryKeys.session })
  const usedBefore = client.getQueryData<SessionInfo>(queryKeys.session)?.used
  try {
    for await (const event of events) {
      if (event.event === 'done') client.setQueryData(queryKeys.session, event.data.session)
      yield event
    }
  } catch (err) {
    if (err instanceof StoppedError) {
      // The server decides whether a stopped question counts, a moment after the disconnect: a
      // settled read waits for that decision, so the figures (and "counted") are the server's own.
      const after = await client
        .fetchQuery({ queryKey: queryKeys.session, queryFn: settledSession, staleTime: 0 })
        .catch(() => null)
      if (after && usedBefore !== undefined) err.counted = after.used > usedBefore
    } else if (err instanceof ApiError && err.session) client.setQueryData(queryKeys.session, err.session)
    // A failure without figures (network down): ask the server, the count may have changed meanwhile.
    else void client.invalidateQueries({ queryKey: queryKeys.session })
    throw err
  }
}

/** GET /session once the session's answers in progress have settled (a stopped one given back or counted). */
const settledSession = ({ signal }: { signal: AbortSignal }) =>
  getJson<SessionInfo>(`${ROUTES.session}?settled=true`, signal)

/**
 * The answers streaming now, by turn, each with the AbortController its request listens to. The
 * query's own signal is not used: TanStack aborts it when the last observer leaves, and switching
 * filing mid-answer must not lose the answer. Only the Stop button aborts these.
 */
const streaming = new Map<string, { filing: string; controller: AbortController }>()

/** Stop every answer of `filing` that is still streaming (there is at most one: asking waits). */
export function stopAnswers(filing: string): void {
  for (const entry of streaming.values()) if (entry.filing === filing) entry.controller.abort()
}

/** Events until the stream ends; once `signal` aborts, whatever the stream throws is a StoppedError. */
export async function* stoppable(
  events: AsyncIterable<AskStreamEvent>,
  signal: AbortSignal,
): AsyncGenerator<AskStreamEvent> {
  try {
    yield* events
  } catch (err) {
    if (signal.aborted && !(err instanceof StoppedError)) throw new StoppedError({ cause: err })
    throw err
  }
}

export const sourcePageQueryOptions = (filing: string, page: string) =>
  queryOptions({
    queryKey: queryKeys.sourcePage(filing, page),
    queryFn: ({ signal }) =>
      getJson<SourcePageReply>(
        `${ROUTES.sources}?${new URLSearchParams({ filing, page }).toString()}`,
        signal,
      ),
    // A filing's page text only changes on re-ingest; within a visit it is fixed.
    staleTime: Number.POSITIVE_INFINITY,
  })

/** One printed page's own markup (EDGAR HTML filings), sanitised by the server. */
export const documentPageQueryOptions = (filing: string, page: string) =>
  queryOptions({
    queryKey: queryKeys.documentPage(filing, page),
    queryFn: ({ signal }) => getJson<DocumentPageReply>(documentPageUrl(filing, page), signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** What a streamed answer looks like so far: the text received, then the full reply once done. */
export interface AnswerState {
  text: string
  reply: AskReply | null
}

export const initialAnswer: AnswerState = { text: '', reply: null }

/** Fold one stream event into the answer (pure; `error` events never reach here, they throw). */
export function reduceAnswer(acc: AnswerState, event: AskStreamEvent): AnswerState {
  if (event.event === 'delta') return { text: acc.text + event.data.text, reply: null }
  if (event.event === 'done') return { text: event.data.answer, reply: event.data }
  return acc
}

export interface AskTurnInput {
  filing: string
  turnId: string
  question: string
  history: HistoryTurn[]
}

/**
 * One question of the thread is one query: its key names the turn, so it runs once and its answer
 * stays in the cache for the visit. A question counts against the session cap, so nothing may re-run
 * it on its own (no retries, no refetch on focus/reconnect/mount); only the Retry button does.
 */
export const askQueryOptions = ({ filing, turnId, question, history }: AskTurnInput) =>
  queryOptions({
    queryKey: queryKeys.ask(filing, turnId),
    queryFn: async (context) => {
      const controller = new AbortController()
      const entry = { filing, controller }
      streaming.set(turnId, entry)
      try {
        return await streamedQuery<AskStreamEvent, AnswerState, ReturnType<typeof queryKeys.ask>>({
          // The query's abort signal is not read (only `client`): see `streaming` above.
          streamFn: ({ client }) =>
            reportSession(
              client,
              stoppable(
                streamAsk({ filing, question, ...(history.length > 0 && { history }) }, controller.signal),
                controller.signal,
              ),
            ),
          reducer: reduceAnswer,
          initialValue: initialAnswer,
        })(context)
      } finally {
        if (streaming.get(turnId) === entry) streaming.delete(turnId)
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
