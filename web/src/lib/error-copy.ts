/**
 * Plain words for every way a question can fail. The server's own `message` is plain language by
 * contract, but the app knows its situation better (what to do next, whether it counted), so the
 * well-known cases get their own copy here.
 */
import { ApiError } from '../api/http'
import { formatReset } from './allowance'

export type FailureKind =
  | 'session-limit'
  | 'daily-limit'
  | 'budget'
  | 'busy'
  | 'billing'
  | 'overloaded'
  | 'rate-limited'
  | 'network'
  | 'not-found'
  | 'invalid'
  | 'server'

export interface Failure {
  kind: FailureKind
  title: string
  body: string
  /** Whether asking the same question again may work. */
  retry: boolean
  retryAfter?: number
}

export function describeFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    return {
      kind: 'server',
      title: 'Something went wrong',
      body: 'The app hit an unexpected problem showing this answer. Try again.',
      retry: true,
    }
  }
  if (error.kind === 'network') {
    return {
      kind: 'network',
      title: 'Could not reach AskS1',
      body: 'Your question did not get through, or the connection dropped before the answer finished. Check your connection and try again.',
      retry: true,
    }
  }
  const { status, code } = error
  if (code === 'IP_DAILY_LIMIT' || code === 'KEY_QUOTA') {
    const limit = error.allowance?.limit
    return {
      kind: 'daily-limit',
      title: "You have reached today's limit",
      body: `AskS1 answers ${limit ? `${limit} questions` : 'a limited number of questions'} a day from one ${code === 'KEY_QUOTA' ? 'API key' : 'network'}, and they have all been asked. They start again at midnight UTC${untilReset(error)}. Every cited page above can still be opened and checked.`,
      retry: false,
    }
  }
  if (code === 'SESSION_LIMIT' || (status === 429 && error.session?.left === 0)) {
    // The server's own words (they say what its limit is), then when the questions come back.
    const reset = error.session?.resetsAt
    return {
      kind: 'session-limit',
      title: 'You have used all your questions',
      body: `${error.message}${reset ? ` You can ask again from ${formatReset(reset)}.` : ''} Every cited page above can still be opened and checked.`,
      retry: false,
    }
  }
  if (code === 'BUDGET_EXHAUSTED') {
    return {
      kind: 'budget',
      title: 'AskS1 has answered all it can for today',
      body: `This demo's daily budget for AI answers is used up. Answers start again at midnight UTC${untilReset(error)}. This question was not counted against your limit.`,
      retry: false,
    }
  }
  if (code === 'BUSY') {
    const wait = error.retryAfter
    return {
      kind: 'busy',
      title: 'AskS1 is busy',
      body: `Many questions are being answered right now. ${wait ? `Try again in ${formatWait(wait)}.` : 'Try again in a few seconds.'} This question was not counted against your limit.`,
      retry: true,
      ...(wait !== undefined && { retryAfter: wait }),
    }
  }
  if (status === 402 || code === 'BILLING') {
    return {
      kind: 'billing',
      title: 'Answers are paused',
      body: 'The AI service behind AskS1 has run out of credit, so it cannot answer right now. This question was not counted against your limit.',
      retry: false,
    }
  }
  if (status === 503 || code === 'OVERLOADED') {
    const wait = error.retryAfter
    return {
      kind: 'overloaded',
      title: 'The AI model is busy',
      body: `Too many questions are being asked right now. ${wait ? `Try again in ${formatWait(wait)}.` : 'Try again in a moment.'} This question was not counted against your limit.`,
      retry: true,
      ...(wait !== undefined && { retryAfter: wait }),
    }
  }
  if (status === 429) {
    return {
      kind: 'rate-limited',
      title: 'Slow down a little',
      body: `Questions are arriving faster than AskS1 allows. ${error.retryAfter ? `Try again in ${formatWait(error.retryAfter)}.` : 'Wait a moment, then try again.'}`,
      retry: true,
      ...(error.retryAfter !== undefined && { retryAfter: error.retryAfter }),
    }
  }
  if (status === 404) {
    return { kind: 'not-found', title: 'Not available', body: error.message, retry: false }
  }
  if (status >= 400 && status < 500) {
    return { kind: 'invalid', title: 'That question could not be sent', body: error.message, retry: false }
  }
  return {
    kind: 'server',
    title: 'Something went wrong on our side',
    body: 'The question was not answered. Try again in a moment.',
    retry: true,
  }
}

/** " (in about 5 hours)" from the server's Retry-After, when it gave one. */
const untilReset = (error: ApiError): string =>
  error.retryAfter ? ` (in about ${formatWait(error.retryAfter)})` : ''

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  if (seconds >= 5400) {
    const hours = Math.round(seconds / 3600)
    return `${hours} hours`
  }
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
