/**
 * What the three commands share at their edges: argv clean-up, usage errors, stdout discipline.
 */
import { existsSync } from 'node:fs'
import { type FilingFile, UsageError } from './args'

/** `pnpm <script> -- --json` passes a literal `--`; drop it so the options still parse. */
export function cliArgs(argv: string[] = process.argv.slice(2)): string[] {
  return argv[0] === '--' ? argv.slice(1) : argv
}

/** A wrong command line: ours (`UsageError`) or one node:util `parseArgs` refused (unknown option…). */
export function isUsageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
}

/** Runs a command: usage errors exit 2 with the usage, other errors exit 1 with one line. */
export function runCli(usage: string, main: () => Promise<void>): void {
  main().then(
    () => {
      // Open handles (onnxruntime threads, undici pools) must not keep a finished command alive.
      process.exit(process.exitCode ?? 0)
    },
    (err: unknown) => {
      if (isUsageError(err)) {
        process.stderr.write(`${(err as Error).message}\n\n${usage}\n`)
        process.exit(2)
      }
      process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
      process.exit(1)
    },
  )
}

/** Files named on the command line must exist: a typo is a usage error, not a silently skipped filing. */
export function assertInputsExist(filingFiles: FilingFile[], files: (string | null)[]): void {
  for (const f of filingFiles)
    if (!existsSync(f.file)) throw new UsageError(`--filing-file ${f.id}: file not found: ${f.file}`)
  for (const f of files) if (f !== null && !existsSync(f)) throw new UsageError(`file not found: ${f}`)
}
