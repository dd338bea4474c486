/**
 * Who writes the answers: Claude (and which model) when a client is configured, else extractive
 * excerpts. One function so /filings (the app's disclosure), /ready and /ask can never disagree.
 */
import type { Answerer } from '@asks1/shared/contract/api'
import type { AppDeps } from './app'

export const answererOf = (deps: Pick<AppDeps, 'anthropic' | 'config'>): Answerer =>
  deps.anthropic ? { mode: 'llm', model: deps.config.ANTHROPIC_MODEL } : { mode: 'extractive', model: null }
