// @vitest-environment node
/**
 * End to end: stopping a streaming answer in Debian's Chromium against the REAL server (`buildApp`,
 * the real Pandora S-1 ingested into the SQLite store, the real Anthropic SDK). Claude itself cannot
 * run here, so the SDK's base URL points at a fake Messages API on 127.0.0.1 that streams two text
 * deltas and then holds the stream open (the first time) or finishes it (afterwards). This checks
 * what the component tests cannot: the browser's abort reaches the server, which aborts the upstream
 * stream and gives the question back.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type E2eServer, hasChromium, launchChromium, startServer } from './harness'

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
  let server: E2eServer
  let claude: ReturnType<typeof fakeClaude>
  let browser: Browser
  let base: string

  beforeAll(async () => {
    claude = fakeClaude()
    await new Promise<void>((ok) => claude.server.listen(0, '127.0.0.1', ok))
    const claudeAddress = claude.server.address()
    if (!claudeAddress || typeof claudeAddress === 'string') throw new Error('fake Claude did not listen')
    server = await startServer('asks1-e2e-stop-', {
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-messages-api',
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${claudeAddress.port}`,
      ANTHROPIC_MAX_RETRIES: '0',
    })
    base = server.base
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (claude) await new Promise((ok) => claude.server.close(ok))
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
