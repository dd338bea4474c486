/**
 * `app.budget` (the daily answers and spend, llm mode only) and `app.gate` (concurrent model calls).
 * A model without a price cannot be budgeted, so it stops the start with a one-line reason.
 */
import { ConfigError } from '@asks1/shared/config'
import { priceFor } from '@asks1/shared/model-prices'
import fp from 'fastify-plugin'
import { modelPrices } from '../config'
import { Budget } from '../services/budget'
import { AnswerGate } from '../services/gate'

export default fp(
  async (app) => {
    const { config } = app
    let budget: Budget | null = null
    if (app.anthropic) {
      const price = priceFor(config.ANTHROPIC_MODEL, modelPrices(config))
      if (!price)
        throw new ConfigError(
          `Invalid configuration: MODEL_PRICES has no price for ANTHROPIC_MODEL "${config.ANTHROPIC_MODEL}"`,
        )
      budget = new Budget(app.counters, config, price, app.now)
    }
    app.decorate('budget', budget)
    app.decorate('gate', new AnswerGate(config.MAX_CONCURRENT_ANSWERS, config.MAX_QUEUED_ANSWERS))
  },
  { name: 'budget', fastify: '5.x', dependencies: ['store', 'state', 'answerer'] },
)
