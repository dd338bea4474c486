/**
 * What Claude costs: US$ per million tokens, from Anthropic's published list prices
 * (https://www.anthropic.com/pricing, API section). The server budgets spend with it and the eval
 * reports cost with it; operators override or extend it with MODEL_PRICES when prices change.
 */

export interface ModelPrice {
  /** USD per million input tokens. */
  input: number
  /** USD per million output tokens. */
  output: number
}

/** Keyed by model family: a dated id (`claude-haiku-4-5-20251001`) takes its family's price. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
}

/** The price of a model id: the entry that is its longest prefix, or null when none is. */
export function priceFor(
  model: string,
  prices: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): ModelPrice | null {
  const key = Object.keys(prices)
    .filter((k) => model.startsWith(k))
    .sort((a, b) => b.length - a.length)[0]
  return key === undefined ? null : (prices[key] ?? null)
}
