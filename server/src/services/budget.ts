/**
 * The server's daily budget for model-written answers: at most MAX_QUESTIONS_PER_DAY answers and
 * MAX_SPEND_USD_PER_DAY of spend, priced from the token usage the Messages API reports. Spend is
 * counted in micro-dollars (integers: a price in USD per million tokens is µUSD per token).
 *
 * The spend cap is checked before an answer starts and charged when its usage is known, so answers
 * already running may finish past it: the overshoot is bounded by MAX_CONCURRENT_ANSWERS answers.
 */
import type { ModelPrice, ServerConfig } from '../config'
import { AppError } from '../errors'
import type { Counters } from '../state/counters'
import { allowance } from './allowance'
import { nextUtcMidnight, secondsUntil, utcDay } from './day'

export interface Usage {
  inputTokens: number
  outputTokens: number
}

/** Cost in micro-dollars of one answer's tokens. */
export const costMicroUsd = (usage: Usage, price: ModelPrice): number =>
  Math.ceil(usage.inputTokens * price.input + usage.outputTokens * price.output)

export type Admission = { ok: true; questionKey: string } | { ok: false; error: AppError }

export class Budget {
  constructor(
    private readonly counters: Counters,
    private readonly config: Pick<ServerConfig, 'MAX_QUESTIONS_PER_DAY' | 'MAX_SPEND_USD_PER_DAY'>,
    private readonly price: ModelPrice,
    private readonly now: () => number,
  ) {}

  private spendKey = (now: number) => `budget:spend:${utcDay(now)}`
  private questionsKey = (now: number) => `budget:questions:${utcDay(now)}`
  private get maxMicroUsd() {
    return Math.round(this.config.MAX_SPEND_USD_PER_DAY * 1e6)
  }

  /** Takes one of today's answers, or says the budget is spent (with when it resets). */
  async admit(): Promise<Admission> {
    const now = this.now()
    const resetAt = nextUtcMidnight(now)
    const limit = this.config.MAX_QUESTIONS_PER_DAY
    const spent = await this.counters.get(this.spendKey(now))
    const exhausted = (what: string, used: number): Admission => ({
      ok: false,
      error: new AppError(
        503,
        'BUDGET_EXHAUSTED',
        `AskS1 has used today's ${what} for AI answers, so it cannot answer more questions today. Your question was not counted. Answers start again at midnight UTC.`,
        { allowance: allowance('global', used, limit, resetAt), retryAfter: secondsUntil(resetAt, now) },
      ),
    })
    if (spent >= this.maxMicroUsd) {
      const used = await this.counters.get(this.questionsKey(now))
      return exhausted('spending limit', Math.max(used, limit))
    }
    const key = this.questionsKey(now)
    const r = await this.counters.take(key, 1, limit, resetAt)
    if (!r.ok) return exhausted('question limit', r.used)
    return { ok: true, questionKey: key }
  }

  /** Gives an admitted answer back (the model failed or was stopped before it finished). */
  async giveBack(admission: Admission): Promise<void> {
    if (admission.ok) await this.counters.giveBack(admission.questionKey, 1)
  }

  /** Records what an answer's tokens cost (also for answers stopped midway: the tokens were spent). */
  async charge(usage: Usage): Promise<number> {
    const now = this.now()
    return this.counters.add(this.spendKey(now), costMicroUsd(usage, this.price), nextUtcMidnight(now))
  }
}
