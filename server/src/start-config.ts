import { ConfigError } from '@asks1/shared/config'
import { loadRegistry, RegistryError } from '@asks1/shared/filings-loader'
import { loadServerConfig, type ServerConfig } from './config'

/**
 * The settings and the filings registry a process starts from (the server, the one-off start-up
 * ingest). A bad setting or registry is the operator's to fix: one line on standard error and exit 1,
 * before any heavy module loads; anything else is a bug and is thrown with its stack.
 */
export function loadStartConfig(): { config: ServerConfig; registry: ReturnType<typeof loadRegistry> } {
  try {
    const config = loadServerConfig()
    return { config, registry: loadRegistry(config.FILINGS_CONFIG) }
  } catch (err) {
    if (!(err instanceof ConfigError || err instanceof RegistryError)) throw err
    process.stderr.write(`${err.message}\n`)
    process.exit(1)
  }
}
