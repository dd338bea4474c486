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
import { ROUTES } from '@asks1/shared/contract/routes'
import {
  type QueryClient,
  queryOptions,
  experimental_streamedQuery as streamedQuery,
} from '@tanstack/react-query'
import { StoppedError, streamAsk } from './ask-stream'
import { ApiError, getJson } from './http'

export type HistoryTurn = NonNullable<AskBody['history']>[number]

export const queryKeys = {
  filings: ['filings'] as const,
  session: ['session'] as const,
  sourcePage: (filing: string, page: string) => ['sources', filing, 'page', page] as const,
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
 * Passes an answer's events through, writing the session figures the server reports (in `done`, or
 * on the error that ends the stream) into the session query. A first /session read still in flight
 * is cancelled: it was sent before this question took its slot, so its figures would be stale.
 */
export async function* reportSession(
  client: QueryClient,
  events: AsyncIterable<AskStreamEvent>,
): AsyncGenerator<AskStreamEvent> {
  void client.cancelQueries({ queryKey: queryKeys.session })
  try {
    for await (const event of events) {
      if (event.event === 'done') client.setQueryData(queryKeys.session, event.data.session)
      yield event
    }
  } catch (err) {
    if (err instanceof StoppedError) {
      // The server gives the question back when it sees the connection close, a moment after the
      // abort: re-read the allowance once it has had that moment, not before.
      setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.session }), STOP_SETTLE_MS)
    } else if (err instanceof ApiError && err.session) client.setQueryData(queryKeys.session, err.session)
    // A failure without figures (network down): ask the server, the count may have changed meanwhile.
    else void client.invalidateQueries({ queryKey: queryKeys.session })
    throw err
  }
}

/** How long after a Stop the session is re-read (the server's release follows the disconnect). */
export const STOP_SETTLE_MS = 300

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
