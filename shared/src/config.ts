/**
 * Settings both server and ingest read from the environment, validated once at start-up.
 * The only module (with server/src/config.ts, which extends it) that reads `process.env`.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import envSchema from 'env-schema'
import { type Static, type TProperties, Type } from 'typebox'

/** The repository root: defaults are relative to it so commands work from any directory. */
export const ROOT_DIR = resolve(import.meta.dirname, '../..')

export const BaseConfigProperties = {
  DATA_DIR: Type.String({
    default: resolve(ROOT_DIR, 'data'),
    description: 'Store data (SQLite files, sessions)',
  }),
  FILINGS_CONFIG: Type.String({ default: resolve(ROOT_DIR, 'filings.json'), description: 'Filing registry' }),
  MODELS_DIR: Type.String({ default: resolve(ROOT_DIR, 'models'), description: 'Local embedding models' }),
  EMBEDDING_MODEL: Type.String({
    default: 'Xenova/all-MiniLM-L6-v2',
    description: 'Model directory under MODELS_DIR',
  }),
  ALLOW_REMOTE_MODELS: Type.Boolean({
    default: false,
    description: 'Let transformers.js download from the hub',
  }),
  STORE: Type.Enum(['sqlite', 'qdrant'], { default: 'sqlite', description: 'sqlite (embedded) or qdrant' }),
  QDRANT_URL: Type.String({ default: 'http://127.0.0.1:6333' }),
  QDRANT_API_KEY: Type.Optional(Type.String()),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
} satisfies TProperties

const BaseConfigSchema = Type.Object(BaseConfigProperties)
export type BaseConfig = Static<typeof BaseConfigSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

let dotEnvLoaded = false
/**
 * Settings in the repository's `.env` (see `.env.example`) join the process environment once;
 * variables already set in the environment win.
 */
function loadDotEnv(): void {
  if (dotEnvLoaded) return
  dotEnvLoaded = true
  const path = resolve(ROOT_DIR, '.env')
  if (existsSync(path)) process.loadEnvFile(path)
}

/**
 * Validates `env` (the process environment plus `.env` by default) against a schema; throws a
 * one-line ConfigError naming the bad variable.
 */
export function readConfig<P extends TProperties>(
  properties: P,
  env: Record<string, string | undefined> = process.env,
): Static<ReturnType<typeof Type.Object<P>>> {
  if (env === process.env) loadDotEnv()
  const schema = Type.Object(properties)
  const data: Record<string, string> = {}
  for (const key of Object.keys(properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') data[key] = value
  }
  try {
    return envSchema({ schema: schema as object, data, dotenv: false }) as never
  } catch (err) {
    const message = (err as Error).message.replace(/\s+/g, ' ').replace(/^env\//, '')
    throw new ConfigError(`Invalid configuration: ${message}`)
  }
}

export function loadBaseConfig(env: Record<string, string | undefined> = process.env): BaseConfig {
  return readConfig(BaseConfigProperties, env) as BaseConfig
}
