// @vitest-environment node
/**
 * End to end: stopping a streaming answer in Debian's Chromium against the REAL server (`buildApp`,
 * the real Pandora S-1 ingested into the SQLite store, the real Anthropic SDK). Claude itself cannot
 * run here, so the SDK's base URL points at a fake Messages API on 127.0.0.1 that streams two text
 * deltas and then holds the stream open (the first time) or finishes it (afterwards). This checks
 * what the component tests cannot: the browser's abort reaches the server, which aborts the upstream
 * stream and gives the question back.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ingestFiling } from '@asks1/ingest'
import { buildApp, loadServerConfig } from '@asks1/server'
import { missingEmbedder } from '@asks1/shared/embedder'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { openStore, type Store } from '@asks1/shared/store'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildWeb } from '../test/build-web'

const ROOT = resolve(import.meta.dirname, '..', '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)

const sse = (res: ServerResponse, type: string, data: Record<string, unknown>) =>
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`)

/** The fake Messages API: how many requests it got, and how many the server closed before the end. */
function fakeClaude() {
  const seen = { requests: 0, closedEarly: 0 }
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const n = ++seen.requests
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      sse(res, 'message_start', {
        message: {
          id: `msg_${n}`,
          type: 'message',
          role: 'assistant',
          content: [],
          model: 'claude-haiku-4-5',
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 1 },
        },
      })
      sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Pandora streamed ' } })
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'listener hours ' } })
      res.on('close', () => {
        if (!res.writableFinished) seen.closedEarly++
      })
      if (n === 1) return // held open: the answer is still "being written" when the visitor stops it
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'in 2010.' } })
      sse(res, 'content_block_stop', { index: 0 })
      sse(res, 'message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 8 },
      })
      sse(res, 'message_stop', {})
      res.end()
    })
  })
  return { server, seen }
}

describe.skipIf(!hasChromium)('stopping an answer (Chromium, real server, fake Messages API)', () => {
  let dir: string
  let store: Store
  let app: Awaited<ReturnType<typeof buildApp>>
  let claude: ReturnType<typeof fakeClaude>
  let browser: Browser
  let base: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asks1-e2e-stop-'))
    const dist = join(dir, 'web-dist')
    await buildWeb(dist)
    claude = fakeClaude()
    await new Promise<void>((ok) => claude.server.listen(0, '127.0.0.1', ok))
    const claudeAddress = claude.server.address()
    if (!claudeAddress || typeof claudeAddress === 'string') throw new Error('fake Claude did not listen')

    const registryPath = join(dir, 'filings.json')
    const registry = (await import(join(ROOT, 'filings.json'), { with: { type: 'json' } })).default as {
      filings: Record<string, unknown>[]
    }
    writeFileSync(
      registryPath,
      JSON.stringify({
        filings: registry.filings.map((f) => ({
          ...f,
          source: resolve(ROOT, String(f.source)),
          default: f.id === 'pandora-s1',
        })),
      }),
    )
    const config = loadServerConfig({
      DATA_DIR: join(dir, 'data'),
      FILINGS_CONFIG: registryPath,
      LOG_LEVEL: 'silent',
      WEB_DIST: dist,
      INGEST_ON_START: 'false',
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-messages-api',
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${claudeAddress.port}`,
      ANTHROPIC_MAX_RETRIES: '0',
    })
    store = await openStore(config)
    const embedder = missingEmbedder('e2e runs keyword-only: no embedding model in tests')
    await ingestFiling({
      filing: 'pandora-s1',
      file: join(ROOT, 'samples', 'pandora-s1.htm'),
      store,
      embedder,
    })
    app = await buildApp({ config, registry: loadRegistry(registryPath), store, embedder, logger: false })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('server did not listen on a port')
    base = `http://127.0.0.1:${address.port}`
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await store?.close()
    if (claude) await new Promise((ok) => claude.server.close(ok))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('Stop aborts the stream end to end, the question is given back, Retry asks again', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(String(err)))
    await page.goto(base)
    await page.locator('.session', { hasText: '8 of 8 questions left' }).waitFor()

    const box = page.getByRole('textbox')
    await box.fill('How many listener hours did Pandora stream?')
    await box.press('Enter')
    const turn = page.getByRole('article', { name: 'Question: How many listener hours did Pandora stream?' })
    await turn.getByText('Pandora streamed listener hours').waitFor({ timeout: 30_000 })
    expect(claude.seen.requests).toBe(1)

    await page.getByRole('button', { name: 'Stop answer' }).click()
    await turn.getByText('Stopped — this question was not counted').waitFor()
    expect(await turn.locator('.answer__text--partial').textContent()).toContain(
      'Pandora streamed listener hours',
    )
    // The server saw the client leave: it closed the upstream stream and gave the question back.
    await expect.poll(() => claude.seen.closedEarly, { timeout: 10_000 }).toBe(1)
    const session = await page.evaluate(async () => (await fetch('/session')).json())
    expect(session).toMatchObject({ used: 0, left: 8 })
    await page.locator('.session', { hasText: '8 of 8 questions left' }).waitFor()

    await turn.getByRole('button', { name: 'Retry' }).click()
    await turn.getByText('Pandora streamed listener hours in 2010.').waitFor({ timeout: 30_000 })
    expect(await turn.getByText('Stopped — this question was not counted').count()).toBe(0)
    await page.locator('.session', { hasText: '7 of 8 questions left' }).waitFor()
    expect(claude.seen.requests).toBe(2)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
