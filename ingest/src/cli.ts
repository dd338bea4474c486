/**
 * `pnpm ingest run <filing-id> [<file>] [--skip-pages=N] [--dry-run] [--edgar <url>]`
 * `pnpm ingest pages <file> [--format jsonl|json] [--skip-pages=N]`
 *
 * Standard output carries only the result (the page JSONL, or the run summary); progress, warnings
 * and errors go to standard error. Errors are one line and a non-zero exit code, and nothing is
 * written to the store. One module for the three commands, a little over 300 lines: they share the
 * usage text, the output streams and the mapping of errors to exit codes.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { FILING_VERSION_META } from '@asks1/shared/amend'
import {
  type BaseConfig,
  BaseConfigProperties,
  ConfigError,
  loadBaseConfig,
  readConfig,
} from '@asks1/shared/config'
import { loadRegistry, RegistryError } from '@asks1/shared/filings-loader'
import { featuresOff } from '@asks1/shared/retrieval/features'
import type { Store } from '@asks1/shared/store'
import { Type } from 'typebox'
import { amendFiling, describeAmendment } from './amend'
import { fetchEdgarDocument } from './edgar'
import { ingestPages, type Stage } from './ingest'
import { InputError } from './pdf'
import { progressReporter } from './progress'
import { type PagesReport, readPages, readPagesFromData } from './read'
import { pagesSummary, runSummary, seconds } from './summary'

const USAGE = `Usage:
  pnpm ingest run <filing-id> [<file>] [--skip-pages=N] [--dry-run]
  pnpm ingest run <filing-id> --edgar <url> [--skip-pages=N] [--dry-run]
  pnpm ingest amend <filing-id> <file>|--edgar <url> [--form S-1/A] [--filed YYYY-MM-DD] [--skip-pages=N]
  pnpm ingest pages <file> [--format jsonl|json] [--skip-pages=N]

  run     extract -> printed pages -> trim matter -> chunk -> embed -> store (new version, swapped atomically).
          <file> defaults to the registry's latest version (filings.json); a filing never ingested gets
          its whole chain of versions, oldest first.
  amend   ingest the next version of a filing (kept beside the previous one), add it to the registry's
          chain and print what changed. --form defaults to the original's form + /A, --filed to the
          date on the cover ("As filed with the Securities and Exchange Commission on ...").
  pages   print the recovered page map, one JSON object per printed page; stores nothing.

Environment: DATA_DIR, FILINGS_CONFIG, MODELS_DIR, EMBEDDING_MODEL, STORE, EDGAR_USER_AGENT (for --edgar).`

class UsageError extends Error {
  override name = 'UsageError'
}

/** Where output goes; tests run `main` in-process with their own. */
export interface Io {
  out: (s: string) => void
  err: (s: string) => void
  env: Record<string, string | undefined>
  tty: boolean
}

const processIo: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  env: process.env,
  tty: process.stderr.isTTY === true,
}
let io: Io = processIo
const err = (s: string) => io.err(`${s}\n`)

/** At LOG_LEVEL debug or trace, the reader's debug messages (a page with no table read) go to standard error. */
function debugOption(): { onDebug?: (message: string) => void } {
  let level: string
  try {
    level = readConfig({ LOG_LEVEL: BaseConfigProperties.LOG_LEVEL }, io.env).LOG_LEVEL
  } catch {
    return {} // an invalid LOG_LEVEL is the run's config error to report, not the page reader's
  }
  return level === 'debug' || level === 'trace' ? { onDebug: (m) => err(`debug: ${m}`) } : {}
}
const loud = (s: string) => (io.tty ? `\x1b[1;33m${s}\x1b[0m` : s)

function parseSkip(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--skip-pages must be a whole number, got "${value}"`)
  return n
}

function warn(report: PagesReport) {
  for (const w of report.warnings) err(loud(`WARNING: ${w}`))
}

async function commandPages(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'jsonl' }, 'skip-pages': { type: 'string' } },
  })
  const [file] = positionals
  if (!file || positionals.length > 1) throw new UsageError('pages takes exactly one <file>')
  if (values.format !== 'jsonl' && values.format !== 'json')
    throw new UsageError(`--format must be jsonl or json, got "${values.format}"`)
  const skipPages = parseSkip(values['skip-pages'])
  const progress = progressReporter({ tty: io.tty, line: err })
  const { pages, report } = await readPages(file, {
    ...(skipPages !== undefined ? { skipPages } : {}),
    onProgress: (stage, done, total) => progress.update(stage, done, total),
    ...debugOption(),
  })
  progress.stop()
  const rows = pages.map((p) => ({
    page: p.label,
    pdfPages: p.pdfPages,
    text: p.text,
    matter: p.matter,
    ...(p.fallback ? { fallback: true } : {}),
  }))
  if (values.format === 'json') io.out(`${JSON.stringify(rows)}\n`)
  else io.out(rows.map((r) => `${JSON.stringify(r)}\n`).join(''))
  warn(report)
  err(
    [
      `${file}`,
      ...pagesSummary(report),
      `  time         extract ${seconds(report.timings.extractMs)}, paging ${seconds(report.timings.pagingMs)}`,
    ].join('\n'),
  )
}

/** A document to ingest: its file, and the registry version it is (`null`: a re-ingest of the latest). */
interface Job {
  file: string
  n: number
}

function ingestOptions(kind: 'run' | 'amend') {
  return {
    'skip-pages': { type: 'string' as const },
    edgar: { type: 'string' as const },
    ...(kind === 'run'
      ? { 'dry-run': { type: 'boolean' as const, default: false } }
      : { form: { type: 'string' as const }, filed: { type: 'string' as const } }),
  }
}

/** The options of `run` and `amend`, checked before anything is read. */
function ingestArgs(kind: 'run' | 'amend', args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: ingestOptions(kind) })
  const opt = values as Record<string, string | boolean | undefined>
  const [filingId, fileArg] = positionals
  if (!filingId) throw new UsageError(`${kind} needs a <filing-id>`)
  if (positionals.length > 2) throw new UsageError(`${kind} takes <filing-id> and at most one <file>`)
  if (fileArg && opt.edgar) throw new UsageError('give either <file> or --edgar <url>, not both')
  if (kind === 'amend' && !fileArg && !opt.edgar)
    throw new UsageError('amend needs the new version: <file> or --edgar <url>')
  if (typeof opt.filed === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(opt.filed))
    throw new UsageError(`--filed must be a date like 2025-03-31, got "${opt.filed}"`)
  if (typeof opt.form === 'string' && !/^[A-Z0-9-]+(\/A)?$/.test(opt.form))
    throw new UsageError(`--form must be an SEC form type like S-1/A or 424B4, got "${opt.form}"`)
  return { opt, filingId, fileArg }
}

/**
 * `run` and `amend`: read and page the input, then (not on a dry run) write a new live version.
 * One function for both, longer than most: the guarantees (input read before any write, Ctrl-C
 * discards the version being built, the store and a fetched file always cleaned up) hold the same way.
 */
async function commandIngest(kind: 'run' | 'amend', args: string[], config: BaseConfig) {
  const { opt, filingId, fileArg } = ingestArgs(kind, args)
  const skipPages = parseSkip(opt['skip-pages'] as string | undefined)
  const dryRun = opt['dry-run'] === true
  const registry = loadRegistry(config.FILINGS_CONFIG, { checkSources: false })
  const entry = registry.get(filingId)
  if (!entry)
    throw new InputError(
      `unknown filing id "${filingId}": not in ${registry.path} (known: ${registry.filings.map((f) => f.id).join(', ')})`,
    )

  const controller = new AbortController()
  const onSigint = () => {
    err('interrupted: discarding the version being built; the live version is untouched')
    controller.abort()
  }
  process.once('SIGINT', onSigint)
  const progress = progressReporter({ tty: io.tty, line: err })
  let store: Store | null = null
  let tmp: string | null = null
  const openStore = async () => {
    store ??= await (await import('@asks1/shared/store')).openStore(config)
    return store
  }
  try {
    let jobs: Job[]
    if (fileArg)
      jobs = [{ file: fileArg, n: kind === 'amend' ? entry.versions.length + 1 : entry.versions.length }]
    else if (opt.edgar) {
      const { EDGAR_USER_AGENT } = readConfig({ EDGAR_USER_AGENT: Type.Optional(Type.String()) }, io.env)
      err(`fetching ${opt.edgar}`)
      const doc = await fetchEdgarDocument(opt.edgar as string, { userAgent: EDGAR_USER_AGENT })
      tmp = mkdtempSync(join(tmpdir(), 'asks1-edgar-'))
      const file = join(tmp, doc.fileName)
      writeFileSync(file, doc.data)
      err(`fetched ${doc.url} (${doc.data.byteLength} bytes)`)
      jobs = [{ file, n: kind === 'amend' ? entry.versions.length + 1 : entry.versions.length }]
    } else {
      const local = entry.versions.filter((v) => v.sourcePath !== undefined)
      // A filing never ingested gets its whole chain, oldest first, so its changes can be read at once.
      const fresh =
        !dryRun && local.length > 1 && (await (await openStore()).status(entry.collection)) === null
      jobs = (fresh ? local : local.slice(-1)).map((v) => ({ file: v.sourcePath as string, n: v.n }))
    }
    for (const job of jobs) {
      // Read and page the input before touching the store, so bad input writes nothing at all.
      const started = performance.now()
      let data: Buffer
      try {
        data = readFileSync(job.file)
      } catch (e) {
        throw new InputError(`cannot read ${job.file}: ${(e as NodeJS.ErrnoException).code ?? e}`)
      }
      const read = await readPagesFromData(
        new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        job.file,
        {
          ...(skipPages !== undefined ? { skipPages } : {}),
          onProgress: (stage, done, total) => progress.update(stage, done, total),
          signal: controller.signal,
          ...debugOption(),
        },
      )
      controller.signal.throwIfAborted()
      // Loaded only here: transformers.js and the store drivers take seconds to import, and `pages`
      // or a refused input should not pay for them.
      const { loadEmbedder } = await import('@asks1/shared/retrieval/embedder')
      const embedder = await loadEmbedder(config, { log: (m) => err(loud(m)) })
      const common = {
        file: job.file,
        read,
        sha256: createHash('sha256').update(data).digest('hex'),
        startedAt: started,
        embedder,
        // An ingest-time part of retrieval, switched as the query-time ones are (features.ts).
        sections: featuresOff(io.env.RETRIEVAL_OFF, io.env.RETRIEVAL_ON).chunksections,
        signal: controller.signal,
        onProgress: (stage: Stage, done: number, total: number) => progress.update(stage, done, total),
      }
      if (kind === 'amend') {
        const summary = await amendFiling({
          ...common,
          registryPath: registry.path,
          filing: entry,
          store: await openStore(),
          ...(typeof opt.form === 'string' ? { form: opt.form } : {}),
          ...(typeof opt.filed === 'string' ? { filed: opt.filed } : {}),
          ...(typeof opt.edgar === 'string' ? { edgarUrl: opt.edgar } : {}),
        })
        progress.stop()
        warn(summary.ingest.report)
        io.out(`${runSummary(summary.ingest)}\n${describeAmendment(summary)}\n`)
        continue
      }
      const summary = await ingestPages({
        ...common,
        // The registry's collection is the store's name for the filing (the server reads it the same way).
        filing: entry.collection,
        store: dryRun ? null : await openStore(),
        dryRun,
        meta: { [FILING_VERSION_META]: job.n },
      })
      progress.stop()
      warn(summary.report)
      io.out(`${runSummary(summary)}\n`)
    }
  } finally {
    progress.stop()
    process.off('SIGINT', onSigint)
    await (store as Store | null)?.close()
    if (tmp) rmSync(tmp, { recursive: true, force: true })
  }
}

export async function main(argv: string[], with_: Io = processIo): Promise<number> {
  io = with_
  const [command, ...rest] = argv
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      io.out(`${USAGE}\n`)
      return command ? 0 : 2
    }
    if (command === 'pages') await commandPages(rest)
    else if (command === 'run' || command === 'amend')
      await commandIngest(command, rest, loadBaseConfig(io.env))
    else throw new UsageError(`unknown command "${command}"`)
    return 0
  } catch (e) {
    const error = e as Error
    if (error.name === 'AbortError') {
      err('ingest: aborted; nothing was written')
      return 130
    }
    if (error instanceof UsageError) {
      err(`ingest: ${error.message}\n\n${USAGE}`)
      return 2
    }
    const known =
      error instanceof InputError ||
      error instanceof RegistryError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
    // Known input problems are one line; anything else is a bug, and its stack helps fix it.
    err(`ingest: error: ${error.message.split('\n').join(' ')}`)
    if (!known) err(error.stack ?? '')
    return 1
  }
}

// Run only as a script (tests import `main`).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
