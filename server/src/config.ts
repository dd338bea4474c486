/**
 * Server settings: the shared base configuration plus what only the HTTP server reads. Validated
 * once at start-up; an invalid value stops the process with a one-line reason (ConfigError).
 * Every variable has a default and a description (they are the documentation of `.env.example`).
 */
import { resolve } from 'node:path'
import { BaseConfigProperties, ConfigError, ROOT_DIR, readConfig } from '@asks1/shared/config'
import { HISTORY_MAX_ITEMS } from '@asks1/shared/contract/limits'
import { MODEL_PRICES, type ModelPrice } from '@asks1/shared/model-prices'
import { type Static, type TProperties, Type } from 'typebox'

/** The built-in list prices, re-exported where the server's settings are read. */
export const DEFAULT_MODEL_PRICES = MODEL_PRICES
export type { ModelPrice }

export const ServerConfigProperties = {
  ...BaseConfigProperties,
  HOST: Type.String({
    default: '127.0.0.1',
    minLength: 1,
    description: 'Interface to listen on (0.0.0.0 in containers)',
  }),
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'Port to listen on' }),
  ANTHROPIC_API_KEY: Type.Optional(
    Type.String({ description: 'Claude API key; without it answers are extractive (excerpts)' }),
  ),
  ANTHROPIC_MODEL: Type.String({
    default: 'claude-haiku-4-5',
    minLength: 1,
    description: 'Claude model that writes answers (Haiku keeps an answer under 1 cent)',
  }),
  ANTHROPIC_BASE_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Messages API base URL (proxies, tests)' }),
  ),
  ANTHROPIC_MAX_TOKENS: Type.Integer({
    default: 1024,
    minimum: 64,
    maximum: 8192,
    description: 'Answer length cap in tokens',
  }),
  ANTHROPIC_TIMEOUT_MS: Type.Integer({
    default: 30_000,
    minimum: 1000,
    description: 'Timeout of one Messages API attempt',
  }),
  ANTHROPIC_MAX_RETRIES: Type.Integer({
    default: 2,
    minimum: 0,
    maximum: 5,
    description: 'SDK retries on connection errors, 429 and overload',
  }),
  ANSWER_TIMEOUT_MS: Type.Integer({
    default: 60_000,
    minimum: 1000,
    description: 'Hard bound on one answer, retries included',
  }),
  RETRIEVAL_K: Type.Integer({
    default: 6,
    minimum: 1,
    maximum: 20,
    description: 'Chunks retrieved for an answer',
  }),
  HISTORY_MAX_TURNS: Type.Integer({
    default: 6,
    minimum: 0,
    // More than a request may carry could never be resent.
    maximum: HISTORY_MAX_ITEMS,
    description: 'Prior turns resent to the model (newest kept)',
  }),
  HISTORY_MAX_CHARS: Type.Integer({
    default: 6000,
    minimum: 0,
    description: 'Characters of prior turns resent to the model (newest kept)',
  }),
  SESSION_QUESTION_LIMIT: Type.Integer({
    default: 8,
    minimum: 1,
    description: 'Questions one session may ask (counted in SQLite under DATA_DIR)',
  }),
  SESSION_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'Signs the session cookie (32+ characters; set the same one on every server process). Unset: a random one kept in DATA_DIR/session-secret',
    }),
  ),
  ANON_QUESTIONS_PER_IP_PER_DAY: Type.Integer({
    default: 40,
    minimum: 1,
    description: 'Questions per IP address per UTC day for everything without an API key (sessions included)',
  }),
  MAX_QUESTIONS_PER_DAY: Type.Integer({
    default: 1000,
    minimum: 1,
    description: 'Model-written answers per UTC day, all callers together',
  }),
  MAX_SPEND_USD_PER_DAY: Type.Number({
    default: 5,
    exclusiveMinimum: 0,
    description: 'Messages API spend per UTC day (from reported token usage and MODEL_PRICES)',
  }),
  MODEL_PRICES: Type.Optional(
    Type.String({
      description:
        'JSON {model: {input, output}} in USD per million tokens, over the built-in price list; ANTHROPIC_MODEL must have a price',
    }),
  ),
  BUDGET_FALLBACK: Type.Enum(['none', 'extractive'], {
    default: 'none',
    description:
      'When the daily budget is spent: none = 503 BUDGET_EXHAUSTED; extractive = answer with excerpts',
  }),
  MAX_CONCURRENT_ANSWERS: Type.Integer({
    default: 8,
    minimum: 1,
    description: 'Messages API calls at once; more wait in a short queue',
  }),
  MAX_QUEUED_ANSWERS: Type.Integer({
    default: 16,
    minimum: 0,
    description: 'Answers that may wait for a model slot; beyond it, 503 BUSY with Retry-After',
  }),
  SESSION_COOKIE: Type.String({
    default: 'asks1_session',
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Name of the session cookie',
  }),
  STATE: Type.Enum(['sqlite', 'redis'], {
    default: 'sqlite',
    description:
      'Where sessions, quotas, budgets and the rate limit are counted: sqlite (one process, under DATA_DIR) or redis (shared by every server process)',
  }),
  REDIS_URL: Type.String({
    default: 'redis://127.0.0.1:6379',
    pattern: '^rediss?://',
    description: 'Redis for STATE=redis (redis:// or rediss://, password in the URL if any)',
  }),
  RATE_LIMIT_MAX: Type.Integer({
    default: 60,
    minimum: 1,
    description: 'Requests per IP per RATE_LIMIT_WINDOW_MS (health probes excluded)',
  }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 1000, description: 'Rate-limit window' }),
  CORS_ORIGINS: Type.String({
    default: 'http://localhost:5173,http://127.0.0.1:5173',
    description:
      'Comma-separated origins allowed cross-origin (the Vite dev server); the built app is same-origin',
  }),
  TRUST_PROXY: Type.String({
    default: 'false',
    pattern: '^(?:true|false|\\d+|[0-9a-fA-F.:/,\\s]+)$',
    description: 'Trust X-Forwarded-For: false, true, a hop count, or comma-separated proxy addresses/CIDRs',
  }),
  BODY_LIMIT: Type.Integer({ default: 262_144, minimum: 1024, description: 'Request body limit in bytes' }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    default: 30_000,
    minimum: 1000,
    description: 'Time allowed to receive a whole request',
  }),
  KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ default: 72_000, minimum: 1000, description: 'Idle keep-alive' }),
  SHUTDOWN_GRACE_MS: Type.Integer({
    default: 30_000,
    minimum: 0,
    description: 'On SIGTERM/SIGINT, how long in-flight answers may finish before exit',
  }),
  INGEST_ON_START: Type.Boolean({
    default: true,
    description: 'Ingest registry filings that are not in the store yet, after the server listens',
  }),
  WEB_DIST: Type.String({
    default: resolve(ROOT_DIR, 'web/dist'),
    description: 'Built web app served from the same origin, when it exists',
  }),
} satisfies TProperties

const ServerConfigSchema = Type.Object(ServerConfigProperties)
export type ServerConfig = Static<typeof ServerConfigSchema>

/** Reads and validates the server's environment; throws a one-line ConfigError. */
export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const config = readConfig(ServerConfigProperties, env) as ServerConfig
  modelPrices(config)
  for (const origin of corsOrigins(config)) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(`Invalid configuration: CORS_ORIGINS entry "${origin}" is not an origin`)
  }
  return config
}

export const corsOrigins = (config: Pick<ServerConfig, 'CORS_ORIGINS'>): string[] =>
  config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Fastify's `trustProxy` from TRUST_PROXY: boolean, hop count, or address list. */
export function trustProxy(config: Pick<ServerConfig, 'TRUST_PROXY'>): boolean | number | string[] {
  const v = config.TRUST_PROXY.trim()
  if (v === 'true') return true
  if (v === 'false') return false
  if (/^\d+$/.test(v)) return Number(v)
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The built-in prices with MODEL_PRICES over them, checked; a ConfigError names what is wrong. */
export function modelPrices(config: Pick<ServerConfig, 'MODEL_PRICES'>): Record<string, ModelPrice> {
  if (!config.MODEL_PRICES) return DEFAULT_MODEL_PRICES
  let parsed: unknown
  try {
    parsed = JSON.parse(config.MODEL_PRICES)
  } catch {
    throw new ConfigError('Invalid configuration: MODEL_PRICES is not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError('Invalid configuration: MODEL_PRICES must be an object {model: {input, output}}')
  for (const [model, price] of Object.entries(parsed)) {
    const p = price as Partial<ModelPrice> | null
    if (
      !p ||
      !(Number(p.input) >= 0) ||
      !(Number(p.output) >= 0) ||
      typeof p.input !== 'number' ||
      typeof p.output !== 'number'
    )
      throw new ConfigError(
        `Invalid configuration: MODEL_PRICES["${model}"] must be {input, output} in USD per million tokens`,
      )
  }
  return { ...DEFAULT_MODEL_PRICES, ...(parsed as Record<string, ModelPrice>) }
}
