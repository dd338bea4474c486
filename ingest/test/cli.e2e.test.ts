/**
 * The CLI as a user runs it: a child process (tsx), real files, a scratch DATA_DIR and registry.
 * EDGAR is a local HTTP server on 127.0.0.1 serving a fixture; it checks the User-Agent arrives.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadBaseConfig } from '@asks1/shared/config'
import { openStore } from '@asks1/shared/store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli'
import { fetchEdgarDocument } from '../src/edgar'
import { writePdf } from './fixtures/pdf-writer'
import { CLI, FIXTURES, PANDORA_HTM, ROOT } from './helpers'

const TSX = resolve(ROOT, 'node_modules/.bin/tsx')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, EDGAR_USER_AGENT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => {
      stdout += d
    })
    child.stderr.on('data', (d) => {
      stderr += d
    })
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

/** The same `main` in-process (cheap): same code path, output captured. */
async function cliInProcess(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, {
    out: (s) => {
      stdout += s
    },
    err: (s) => {
      stderr += s
    },
    env: { ...process.env, EDGAR_USER_AGENT: '', ...env },
    tty: false,
  })
  return { code, stdout, stderr }
}

const errorLines = (r: Run) => r.stderr.split('\n').filter((l) => l.startsWith('ingest: error:'))

describe('pnpm ingest', () => {
  let dir: string
  let env: Record<string, string>
  let server: Server
  let base: string
  const seen: IncomingHttpHeaders[] = []
  const lines = (n: number) =>
    Array.from({ length: 25 }, (_, i) => ({ text: `Sheet ${n} line ${i}: some words of body text here.` }))

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-ingest-cli-'))
    writeFileSync(join(dir, 'notes.txt'), 'Just some notes, neither PDF nor HTML.\n')
    writeFileSync(join(dir, 'image-only.pdf'), writePdf([{ image: true }, { image: true }]))
    writeFileSync(join(dir, 'encrypted.pdf'), writePdf([{ lines: lines(1) }], { userPassword: 'secret' }))
    writeFileSync(join(dir, 'unnumbered.pdf'), writePdf([1, 2, 3].map((n) => ({ lines: lines(n) }))))
    const registry = JSON.parse(readFileSync(join(ROOT, 'filings.json'), 'utf8'))
    const entry = {
      ...registry.filings[1],
      id: 'pandora-excerpt',
      collection: 'pandora-excerpt',
      default: true,
    }
    entry.source = join(FIXTURES, 'pandora-footer-excerpt.pdf')
    writeFileSync(join(dir, 'filings.json'), JSON.stringify({ filings: [entry] }))
    env = {
      DATA_DIR: join(dir, 'data'),
      FILINGS_CONFIG: join(dir, 'filings.json'),
      MODELS_DIR: join(dir, 'models'),
    }

    const index = `<html><body><table><tr><td>1</td><td><a href="/ix?doc=/Archives/edgar/data/1230276/000119312511032963/ds1.htm">ds1.htm</a></td></tr>
      <tr><td>2</td><td><a href="/Archives/edgar/data/1230276/000119312511032963/dex31.htm">dex31.htm</a></td></tr></table></body></html>`
    server = createServer((req, res) => {
      seen.push(req.headers)
      if (req.url?.endsWith('-index.htm')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(index)
      } else if (req.url?.endsWith('/ds1.htm')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(PANDORA_HTM))
      } else if (req.url === '/slow.htm') {
        setTimeout(() => res.writeHead(200).end('<html></html>'), 5_000)
      } else res.writeHead(404).end('not found')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((r) => server?.close(r))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it.concurrent('pages: stdout is only the page JSONL; the summary goes to stderr', async () => {
    const r = await cli(['pages', join(FIXTURES, 'pandora-footer-excerpt.pdf')])
    expect(r.code).toBe(0)
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows.map((p) => p.page)).toEqual(['22', '23', '24', '25', '26'])
    for (const p of rows) {
      expect(Object.keys(p)).toEqual(['page', 'pdfPages', 'text', 'matter'])
      expect(p.matter).toBe('body')
    }
    expect(rows[0].pdfPages).toEqual([1])
    expect(r.stderr).toMatch(/markers\s+arabic 5 \(via footer 5\)/)
    expect(r.stderr).toMatch(/extract: 5\/5 pages/)
  })

  it.concurrent('pages: a file that is not a filing exits non-zero with one line (child process)', async () => {
    const r = await cli(['pages', join(dir, 'notes.txt')])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^ingest: error: .*notes\.txt: not a PDF or HTML filing\n$/)
  })

  it.concurrent('run: ingests the registry source into a scratch DATA_DIR (keyword-only without a model)', async () => {
    const r = await cli(['run', 'pandora-excerpt'], { ...env, DATA_DIR: join(dir, 'data-run') })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/pandora-excerpt <- .*pandora-footer-excerpt\.pdf/)
    expect(r.stdout).toMatch(/version\s+\S+ is live/)
    expect(r.stdout).toMatch(/chunks\s+\d+ \(keyword-only/)
    expect(r.stdout).toMatch(/time\s+extract .* total/)
    expect(r.stderr).toMatch(/WARNING: embedding model not found/)
    const store = await openStore(loadBaseConfig({ DATA_DIR: join(dir, 'data-run') }))
    try {
      const status = await store.status('pandora-excerpt')
      expect(status?.pages).toBe(5)
      expect(await store.listPages('pandora-excerpt')).toEqual(['22', '23', '24', '25', '26'])
    } finally {
      await store.close()
    }
  })

  it.concurrent('run --edgar: follows the filing index to the primary document, sending the User-Agent', async () => {
    const url = `${base}/Archives/edgar/data/1230276/000119312511032963/0001193125-11-032963-index.htm`
    const r = await cli(['run', 'pandora-excerpt', '--edgar', url, '--dry-run'], {
      ...env,
      EDGAR_USER_AGENT: 'AskS1 admin@example.com',
    })
    expect(r.stderr).toMatch(/fetched .*\/ds1\.htm/)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/dry run: nothing written/)
    expect(r.stdout).toMatch(/markers\s+roman 1, arabic 119, F 34, II 7/)
    const uas = seen.map((h) => h['user-agent'])
    expect(uas.filter((u) => u === 'AskS1 admin@example.com').length).toBeGreaterThanOrEqual(2)
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('pages: a file without markers falls back to PDF page numbers, loudly', async () => {
    const r = await cliInProcess(['pages', join(dir, 'unnumbered.pdf')])
    expect(r.code).toBe(0)
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows.map((p) => [p.page, p.fallback])).toEqual([
      ['1', true],
      ['2', true],
      ['3', true],
    ])
    expect(r.stderr).toMatch(/WARNING: no printed page markers found/)
  })

  it.each([
    ['notes.txt', /not a PDF or HTML filing/],
    ['image-only.pdf', /no text layer .* image-only/],
    ['encrypted.pdf', /encrypted with a password/],
    ['missing.pdf', /cannot read .*missing\.pdf: ENOENT/],
  ])('pages: %s is refused with one clear line', async (name, message) => {
    const r = await cliInProcess(['pages', join(dir, name)])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(errorLines(r)).toHaveLength(1)
    expect(errorLines(r)[0]).toMatch(message)
    expect(r.stderr).not.toMatch(/\n\s+at /)
  })

  it('run: an unknown filing id is refused and nothing is written', async () => {
    const r = await cliInProcess(['run', 'no-such-filing', join(FIXTURES, 'pandora-footer-excerpt.pdf')], env)
    expect(r.code).toBe(1)
    expect(errorLines(r)[0]).toMatch(/unknown filing id "no-such-filing".*known: pandora-excerpt/)
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('run: bad input writes nothing, not even an empty store', async () => {
    for (const name of ['image-only.pdf', 'encrypted.pdf', 'notes.txt']) {
      const r = await cliInProcess(['run', 'pandora-excerpt', join(dir, name)], env)
      expect(r.code).toBe(1)
      expect(errorLines(r)).toHaveLength(1)
    }
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('usage errors exit 2 with the usage text', async () => {
    const r = await cliInProcess(['pages'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/pages takes exactly one <file>[\s\S]*Usage:/)
    const bad = await cliInProcess(['run', 'pandora-excerpt', '--skip-pages=abc'], env)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--skip-pages must be a whole number/)
  })

  it('pages --format json prints one array', async () => {
    const r = await cliInProcess(['pages', join(dir, 'unnumbered.pdf'), '--format', 'json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toHaveLength(3)
  })

  it('run --edgar: refuses without EDGAR_USER_AGENT', async () => {
    const r = await cliInProcess(['run', 'pandora-excerpt', '--edgar', `${base}/x/ds1.htm`, '--dry-run'], env)
    expect(r.code).toBe(1)
    expect(errorLines(r)[0]).toMatch(/EDGAR_USER_AGENT is not set/)
  })

  it('run --edgar: a 404 is one clear line', async () => {
    const r = await cliInProcess(['run', 'pandora-excerpt', '--edgar', `${base}/gone.htm`], {
      ...env,
      EDGAR_USER_AGENT: 'AskS1 admin@example.com',
    })
    expect(r.code).toBe(1)
    expect(errorLines(r)[0]).toMatch(/EDGAR answered 404/)
  })

  it('fetchEdgarDocument gives up after its timeout with one clear message', async () => {
    await expect(
      fetchEdgarDocument(`${base}/slow.htm`, { userAgent: 'AskS1 admin@example.com', timeoutMs: 300 }),
    ).rejects.toThrow(/did not answer within 300 ms/)
  })
})
