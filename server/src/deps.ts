/**
 * What the app is built from and what its plugins decorate it with: the one home of these types, so
 * routes, services and plugins import them from here and never from `app.ts` (no import loop).
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Answerer } from '@asks1/shared/contract/api'
import type { FilingRegistry } from '@asks1/shared/filings-loader'
import type { Embedder } from '@asks1/shared/retrieval/embedder'
import type { RetrievalFeatures } from '@asks1/shared/retrieval/features'
import type { Store } from '@asks1/shared/store'
import type { FastifyServerOptions } from 'fastify'
import type { ServerConfig } from './config'
import type { KeyStore } from './keys'
import type { Allowances } from './services/allowance'
import type { AnswerService } from './services/answer'
import type { Budget } from './services/budget'
import type { ChangeService } from './services/changes'
import type { AnswerGate } from './services/gate'
import type { SessionAllowance } from './sessions'
import type { StartupState } from './startup'
import type { Counters } from './state/counters'

export interface AppOptions {
  config: ServerConfig
  registry: FilingRegistry
  store: Store
  embedder: Embedder
  /**
   * Retrieval's components (default: ALL_FEATURES, the product's). The evaluation passes those of
   * RETRIEVAL_OFF / RETRIEVAL_ON, so `pnpm eval` answers from the retrieval `pnpm eval:retrieval`
   * measures under the same switches.
   */
  retrievalFeatures?: Readonly<RetrievalFeatures>
  /** Allowance counters; default: SQLite file `state.sqlite` under DATA_DIR (closed with the app). */
  counters?: Counters
  /**
   * Claude client. Default: one built from config when ANTHROPIC_API_KEY is set (base URL, timeout,
   * retries from config), else null = extractive mode. Tests pass a client pointed at a local fake.
   */
  anthropic?: Anthropic | null
  /** Start-up progress shown by /ready; default: already ready (the caller ingested beforehand). */
  startup?: StartupState
  /** Fastify logger option; default: pino at LOG_LEVEL with secrets redacted. */
  logger?: FastifyServerOptions['logger']
  /** Clock for allowance windows and timestamps (tests). */
  now?: () => number
}

/** Everything the plugins decorate the app with; routes and services read these. */
export interface AppDeps {
  config: ServerConfig
  registry: FilingRegistry
  store: Store
  embedder: Embedder
  /** The retrieval components every search of the app uses (AppOptions.retrievalFeatures). */
  retrievalFeatures: Readonly<RetrievalFeatures>
  startup: StartupState
  /** The clock every allowance window is read from. */
  now: () => number
  counters: Counters
  sessions: SessionAllowance
  /** API keys (DATA_DIR/keys.sqlite). */
  keys: KeyStore
  /** Per-key, per-address and per-session question allowances. */
  allowances: Allowances
  /** The daily budget of model answers and spend; null in extractive mode (nothing to spend). */
  budget: Budget | null
  /** Bounds concurrent Messages API calls. */
  gate: AnswerGate
  /** The Claude client, or null in extractive mode. */
  anthropic: Anthropic | null
  /** Who writes the answers (disclosed by /filings and /ready). */
  answerer: Answerer
  answers: AnswerService
  /** A filing's versions and the change report between two of them. */
  changes: ChangeService
}

declare module 'fastify' {
  interface FastifyInstance extends AppDeps {}
  interface FastifyContextConfig {
    /** Marks API routes (JSON errors, never the SPA fallback). */
    api?: boolean
  }
}
