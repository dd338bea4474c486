/**
 * `app.anthropic` (the Claude client, or null) and `app.answerer` (who writes the answers: Claude and
 * which model, else extractive excerpts), decided once so /filings, /ready and /ask never disagree.
 */
import Anthropic from '@anthropic-ai/sdk'
import type { Answerer } from '@asks1/shared/contract/api'
import fp from 'fastify-plugin'
import type { ServerConfig } from '../config'

export function anthropicFromConfig(config: ServerConfig): Anthropic | null {
  if (!config.ANTHROPIC_API_KEY) return null
  return new Anthropic({
    apiKey: config.ANTHROPIC_API_KEY,
    baseURL: config.ANTHROPIC_BASE_URL ?? null,
    timeout: config.ANTHROPIC_TIMEOUT_MS,
    maxRetries: config.ANTHROPIC_MAX_RETRIES,
  })
}

export const answererOf = (
  anthropic: Anthropic | null,
  config: Pick<ServerConfig, 'ANTHROPIC_MODEL'>,
): Answerer =>
  anthropic ? { mode: 'llm', model: config.ANTHROPIC_MODEL } : { mode: 'extractive', model: null }

export default fp<{ anthropic?: Anthropic | null }>(
  async (app, opts) => {
    const anthropic = opts.anthropic === undefined ? anthropicFromConfig(app.config) : opts.anthropic
    app.decorate('anthropic', anthropic)
    app.decorate('answerer', answererOf(anthropic, app.config))
  },
  { name: 'answerer', fastify: '5.x', dependencies: ['store'] },
)
