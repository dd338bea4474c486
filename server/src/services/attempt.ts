/**
 * The accounting of one question from the moment it took its allowance: the model slot it holds,
 * the tokens it spent, and how it ends. A question counts once the model has produced the whole
 * answer, even if the client hung up before the final event (the tokens were spent); it is given
 * back only when the model failed or was stopped before it finished. Spend is charged either way.
 */
import type { SessionInfo } from '@asks1/shared/contract/api'
import type { FastifyBaseLogger } from 'fastify'
import type { LlmUsage } from '../answer/llm'
import type { AppDeps } from '../deps'
import type { Ticket } from './allowance'
import type { Admission } from './budget'

export class Attempt {
  usage: LlmUsage | undefined
  private settled = false
  /** The budget's admission once Claude may be asked (admission.ts); null while no model is used. */
  private admitted: Admission | null = null
  /** Frees the model slot; null while no model is used. */
  private freeSlot: (() => void) | null = null

  constructor(
    private readonly deps: Pick<AppDeps, 'allowances' | 'budget'>,
    private readonly log: FastifyBaseLogger,
    readonly ticket: Ticket,
    readonly info: SessionInfo,
  ) {}

  /** The budget's admission in llm mode, once the question was admitted to Claude; else null. */
  get admission(): Admission | null {
    return this.admitted
  }

  /** Claude will be asked: the attempt holds a slot of the daily budget and a model slot. */
  useModel(admission: Admission, freeSlot: () => void): void {
    this.admitted = admission
    this.freeSlot = freeSlot
  }

  /** The model finished the answer (every token produced), whatever happened after. */
  get produced(): boolean {
    return this.usage?.finished === true
  }

  /** The answer was delivered (or produced): the question counts. */
  async answered(): Promise<void> {
    await this.settle()
  }

  /**
   * The server abstained (no passage answers the question, so no model was asked): the question is
   * given back. Returns the caller's figures afterwards.
   */
  async abstained(): Promise<SessionInfo> {
    await this.settle()
    if (this.produced) return this.info
    return this.giveBack()
  }

  /**
   * The answer failed. Given back unless the model had already produced it; returns the caller's
   * figures afterwards.
   */
  async failed(): Promise<SessionInfo> {
    const first = !this.settled
    await this.settle()
    if (!first || this.produced) {
      if (this.produced) this.log.info('the client left after the model finished: the question counts')
      return this.info
    }
    return this.giveBack()
  }

  /** The question's allowance and its admission to the daily budget, returned. */
  private async giveBack(): Promise<SessionInfo> {
    if (this.admitted && this.deps.budget) await this.deps.budget.giveBack(this.admitted)
    return this.deps.allowances.release(this.ticket)
  }

  private async settle(): Promise<void> {
    if (this.settled) return
    this.settled = true
    this.freeSlot?.()
    if (this.usage && this.deps.budget) {
      try {
        await this.deps.budget.charge(this.usage)
      } catch (err) {
        this.log.error({ err, usage: this.usage }, 'could not record the spend of an answer')
      }
    }
  }
}
