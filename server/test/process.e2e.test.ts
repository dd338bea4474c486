/**
 * The real entry point, `server/src/server.ts`, as its own process on 127.0.0.1: an invalid
 * setting stops start-up with one line; SIGTERM lets an answer in flight finish (close-with-grace)
 * and the process exits cleanly. Claude is the local Messages API fake (see ../testing/fake-anthropic.ts).
 * These need a real socket and a real signal, which app.inject cannot give.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROOT_DIR } from '@asks1/shared/config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAnthropic, startFakeAnthropic } from '../testing/fake-anthropic'
import { makeEnv, parseSse, type TestEnv } from './helper'

const SERVER = resolve(ROOT_DIR, 'server/src/server.ts')

function startServer(
  env: Record<string, string>,
  command: string[] = [process.execPath, '--import', 'tsx', SERVER],
): { child: ChildProcess; output: () => string } {
  const [bin, ...args] = command as [string, ...string[]]
  const child = spawn(bin, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  return { child, output: () => out }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => {
    if (child.exitCode !== null) r(child.exitCode)
    else child.once('exit', (code) => r(code))
  })

let env: TestEnv
let fake: FakeAnthropic
beforeAll(async () => {
  env = await makeEnv()
  fake = await startFakeAnthropic()
})
afterAll(async () => {
  await fake?.close()
  await env?.cleanup()
})

describe('server process', () => {
  it('stops on an invalid setting with a one-line reason', async () => {
    const { child, output } = startServer({ DATA_DIR: env.config.DATA_DIR, PORT: 'eighty' })
    expect(await exited(child)).toBe(1)
    const lines = output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: .*PORT/)
  })

  it('names a corrupt catalog.db or state.sqlite in its one-line start-up error', async () => {
    const dir = join(env.dir, 'corrupt')
    const garbage = 'not a database at all; '.repeat(400)
    for (const file of ['sqlite/catalog.db', 'state.sqlite']) {
      const dataDir = join(dir, file.replace(/\W/g, '-'))
      mkdirSync(join(dataDir, 'sqlite'), { recursive: true })
      writeFileSync(join(dataDir, file), garbage)
      const { child, output } = startServer({
        DATA_DIR: dataDir,
        FILINGS_CONFIG: env.registryPath,
        PORT: '0',
        INGEST_ON_START: 'false',
        LOG_LEVEL: 'warn',
      })
      expect(await exited(child)).toBe(1)
      const lines = output().trim().split('\n')
      expect(lines, output()).toHaveLength(1)
      expect(lines[0]).toContain(
        `AskS1 server failed to start: ${join(dataDir, file)} is not a usable SQLite database`,
      )
    }
  })

  it('scripts/asks1 start hands its process to the server: SIGTERM stops the server', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000)
    const base = `http://127.0.0.1:${port}`
    const { child, output } = startServer(
      {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: env.config.DATA_DIR,
        FILINGS_CONFIG: env.registryPath,
        WEB_DIST: env.config.WEB_DIST,
        INGEST_ON_START: 'false',
        LOG_LEVEL: 'info',
      },
      ['bash', resolve(ROOT_DIR, 'scripts/asks1'), 'start'],
    )
    try {
      for (let i = 0; ; i++) {
        const ok = await fetch(`${base}/ready`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) break
        if (i > 1200 || child.exitCode !== null) throw new Error(`server did not start:\n${output()}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      child.kill('SIGTERM')
      expect(await exited(child)).toBe(0)
      expect(output()).toMatch(/shutting down: finishing answers in flight/)
      // The process that got the signal was the server itself: nothing is left listening.
      const after = await fetch(`${base}/health`).then(
        (r) => r.status,
        () => 'refused',
      )
      expect(after).toBe('refused')
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('finishes an answer in flight on SIGTERM, refuses new work, then exits 0', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000)
    const base = `http://127.0.0.1:${port}`
    const { child, output } = startServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: env.config.DATA_DIR,
      FILINGS_CONFIG: env.registryPath,
      WEB_DIST: env.config.WEB_DIST,
      INGEST_ON_START: 'false',
      ANTHROPIC_API_KEY: 'sk-ant-test-key',
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_MAX_RETRIES: '0',
      SHUTDOWN_GRACE_MS: '10000',
      LOG_LEVEL: 'info',
    })
    try {
      for (let i = 0; ; i++) {
        const ok = await fetch(`${base}/ready`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) break
        if (i > 240 || child.exitCode !== null) throw new Error(`server did not start:\n${output()}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      const text = 'Revenue was $3,711 million in 2011 [p.1], up 88% from 2010 [p.1].'
      fake.queue.push({ kind: 'text', text, chunks: 8, delayMs: 150 })
      const answer = fetch(`${base}/ask`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({ filing: 'acme-s1', question: 'What was revenue in 2011?' }),
      }).then(async (r) => ({ status: r.status, body: await r.text() }))
      while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 20))
      await new Promise((r) => setTimeout(r, 200))
      child.kill('SIGTERM')
      // New work is refused while the answer finishes (connection refused, or 503 while closing).
      await new Promise((r) => setTimeout(r, 100))
      const late = await fetch(`${base}/filings`).then(
        (r) => r.status,
        () => 'refused',
      )
      expect(late).not.toBe(200)
      const res = await answer
      expect(res.status).toBe(200)
      const events = parseSse(res.body)
      expect(events.at(-1)?.event).toBe('done')
      expect((events.at(-1)?.data as { answer: string } | undefined)?.answer).toBe(text)
      expect(await exited(child)).toBe(0)
      expect(output()).toMatch(/shutting down: finishing answers in flight/)
      expect(output()).toMatch(/waiting for answers in flight/)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
