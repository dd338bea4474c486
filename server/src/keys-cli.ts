/**
 * `pnpm keys create --name acme --per-day 200` | `pnpm keys list` | `pnpm keys revoke <name|id>`:
 * API keys in DATA_DIR/keys.sqlite (the server reads the same file, so changes apply at once).
 */
import { parseArgs } from 'node:util'
import { ConfigError } from '@asks1/shared/config'
import { loadServerConfig } from './config'
import { KeyStore, keysFile } from './keys'

const USAGE = `Usage:
  pnpm keys create --name NAME --per-day N   create a key (printed once; only its SHA-256 is kept)
  pnpm keys list                             names, ids, daily quotas, revoked or not
  pnpm keys revoke NAME|ID                   revoke a key (its requests get 401 at once)`

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { name: { type: 'string' }, 'per-day': { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  })
  const [command, ...rest] = positionals
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`)
    return values.help ? 0 : 2
  }
  const config = loadServerConfig()
  const store = new KeyStore(keysFile(config.DATA_DIR))
  try {
    if (command === 'create') {
      if (!values.name || !values['per-day']) throw new Error(`create needs --name and --per-day\n${USAGE}`)
      const perDay = Number(values['per-day'])
      const { key, info } = store.create(values.name, perDay)
      process.stderr.write(
        `Created key "${info.name}" (id ${info.id}, ${info.perDay} questions per UTC day). It is shown only now:\n`,
      )
      process.stdout.write(`${key}\n`)
      return 0
    }
    if (command === 'list') {
      const keys = store.list()
      if (!keys.length) process.stdout.write('No API keys yet (pnpm keys create --name NAME --per-day N).\n')
      for (const k of keys)
        process.stdout.write(
          `${k.name}\t${k.id}\t${k.perDay}/day\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}\n`,
        )
      return 0
    }
    if (command === 'revoke') {
      const which = rest[0]
      if (!which) throw new Error(`revoke needs a key name or id\n${USAGE}`)
      if (!store.revoke(which)) throw new Error(`No live key named or with id "${which}"`)
      process.stdout.write(`Revoked "${which}".\n`)
      return 0
    }
    throw new Error(`Unknown command "${command}"\n${USAGE}`)
  } finally {
    store.close()
  }
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`)
  process.exitCode = 1
}
