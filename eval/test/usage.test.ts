/**
 * Every eval and bench command refuses a command line it does not understand, through `runCli`:
 * exit 2, the reason and the usage on stderr, nothing on stdout, before any filing is read. Run as
 * the user runs them (tsx on the command's file), because the refusal is the process's exit code.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

function run(script: string, args: string[]) {
  return spawnSync(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'eval/src', script), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('usage errors exit 2 with the usage', () => {
  it.each([
    ['eval-tables.ts', ['--bogus'], "Unknown option '--bogus'", 'usage: pnpm eval:tables'],
    [
      'eval-tables.ts',
      ['--filings'],
      "Option '--filings <value>' argument missing",
      'usage: pnpm eval:tables',
    ],
    [
      'eval-tables.ts',
      ['--filings', 'no-such-filing'],
      '--filings no-such-filing: no no-such-filing.html',
      'usage: pnpm eval:tables',
    ],
    ['eval-figures.ts', ['--bogus'], "Unknown option '--bogus'", 'usage: pnpm eval:figures'],
    ['eval-pages.ts', ['--bogus'], "Unknown option '--bogus'", 'usage: pnpm eval:pages'],
    ['bench-ingest.ts', ['--bogus'], "Unknown option '--bogus'", 'usage: pnpm bench:ingest'],
    ['eval.ts', ['--pdfs', 'x'], '--financebench and --pdfs go together', 'pnpm eval --financebench'],
    [
      'eval.ts',
      ['--financebench', '/no/such/fb.jsonl', '--pdfs', '/no/such/pdfs'],
      'file not found: /no/such/fb.jsonl',
      'pnpm eval --financebench',
    ],
  ])('%s %j', (script, args, reason, usage) => {
    const r = run(script, args)
    expect(r.stderr).toContain(reason)
    expect(r.stderr).toContain(usage)
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
  })

  it('`pnpm eval:tables -- --bogus` (the literal `--` pnpm passes) is refused the same way', () => {
    const r = run('eval-tables.ts', ['--', '--bogus'])
    expect(r.stderr).toContain("Unknown option '--bogus'")
    expect(r.status).toBe(2)
  })
})
