/**
 * After the caller's allowance: the daily budget and a model slot in llm mode (or the extractive
 * fallback past the budget with BUDGET_FALLBACK=extractive). A refusal here gives the caller's
 * question back first, and the error carries the session as it now stands.
 */
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'
import { AppError, upstreamError } from '../errors'
import type { Ticket } from './allowance'
import { Attempt } from './attempt'

export type AdmissionDeps = Pick<AppDeps, 'config' | 'anthropic' | 'budget' | 'gate' | 'allowances'>

const withSession = (err: unknown, session: Awaited<ReturnType<AppDeps['allowances']['release']>>) => {
  const e = upstreamError(err)
  return new AppError(e.statusCode, e.code, e.message, { ...e.extra, session })
}

export async function admit(
  deps: AdmissionDeps,
  request: FastifyRequest,
  ticket: Ticket,
  info: Attempt['info'],
): Promise<Attempt> {
  const { anthropic, budget, gate, allowances, config } = deps
  const attempt = (admission: Attempt['admission'], free: (() => void) | null) =>
    new Attempt(deps, request.log, ticket, info, admission, free)
  if (!anthropic || !budget) return attempt(null, null)
  const admission = await budget.admit()
  if (!admission.ok) {
    if (config.BUDGET_FALLBACK === 'extractive') {
      request.log.info({ code: admission.error.code }, 'daily budget spent: answering with excerpts')
      return attempt(null, null)
    }
    throw withSession(admission.error, await allowances.release(ticket))
  }
  try {
    return attempt(admission, await gate.acquire())
  } catch (err) {
    await budget.giveBack(admission)
    throw withSession(err, await allowances.release(ticket))
  }
}
