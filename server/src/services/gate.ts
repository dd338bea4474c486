/**
 * At most MAX_CONCURRENT_ANSWERS Messages API calls at once (p-limit), a short queue of
 * MAX_QUEUED_ANSWERS behind them, and beyond it an immediate 503 BUSY with Retry-After: a burst
 * cannot hold dozens of model streams open, and nobody waits in an unbounded line.
 */
import pLimit, { type LimitFunction } from 'p-limit'
import { AppError } from '../errors'

/** Seconds a turned-away client is asked to wait: answers take seconds, so a slot frees soon. */
export const BUSY_RETRY_AFTER_S = 5

export class AnswerGate {
  private readonly limit: LimitFunction

  constructor(
    concurrency: number,
    private readonly queue: number,
  ) {
    this.limit = pLimit(concurrency)
  }

  get active(): number {
    return this.limit.activeCount
  }

  get waiting(): number {
    return this.limit.pendingCount
  }

  /**
   * Waits for a slot and returns the function that frees it (call it exactly once), or throws
   * 503 BUSY at once when the queue is full.
   */
  acquire(): Promise<() => void> {
    if (this.limit.activeCount >= this.limit.concurrency && this.limit.pendingCount >= this.queue)
      throw new AppError(
        503,
        'BUSY',
        'AskS1 is answering as many questions as it can right now. Your question was not counted. Please try again in a few seconds.',
        { retryAfter: BUSY_RETRY_AFTER_S },
      )
    return new Promise((granted) => {
      void this.limit(() => new Promise<void>((free) => granted(free)))
    })
  }
}
