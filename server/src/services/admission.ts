/**
 * Before Claude is asked (the evidence check found a passage to answer from): a slot of the daily
 * budget and a model slot, recorded on the question's Attempt; past the budget with
 * BUDGET_FALLBACK=extractive, neither (the answer is the excerpts). A refusal throws, and the
 * Attempt's failure gives the caller's question back (the error then carries the session as it
 * stands). An abstention never gets here: it takes no budget and waits for no model slot.
 */
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'
import type { Attempt } from './attempt'

export type AdmissionDeps = Pick<AppDeps, 'config' | 'anthropic' | 'budget' | 'gate'>

/** Whether Claude may be asked now (the attempt then holds the admission and the slot). */
export async function admitModel(
  deps: AdmissionDeps,
  request: FastifyRequest,
  attempt: Attempt,
): Promise<boolean> {
  const { anthropic, budget, gate, config } = deps
  if (!anthropic || !budget) return false
  const admission = await budget.admit()
  if (!admission.ok) {
    if (config.BUDGET_FALLBACK === 'extractive') {
      request.log.info({ code: admission.error.code }, 'daily budget spent: answering with excerpts')
      return false
    }
    throw admission.error
  }
  try {
    attempt.useModel(admission, await gate.acquire())
  } catch (err) {
    await budget.giveBack(admission)
    throw err
  }
  return true
}
