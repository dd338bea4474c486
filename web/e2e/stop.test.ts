// @vitest-environment node
/**
 * End to end: stopping a streaming answer in Debian's Chromium against the REAL server (`buildApp`,
 * the real Pandora S-1 ingested into the SQLite store, the real Anthropic SDK). Claude itself cannot
 * run here, so the SDK's base URL points at the local fake Messages API
 * (`@asks1/server/testing/fake-anthropic`) on 127.0.0.1, which streams two text deltas and then holds
 * the stream open (the first time) or finishes it (afterwards). This checks
 * what the component tests cannot: the browser's abort reaches the server, which aborts the upstream
 * stream and gives the question back.
 */
import { type FakeAnthropic, startFakeAnthropic } from '@asks1/server/testing/fake-anthropic'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type E2eServer, hasChromium, launchChromium, startServer } from './harness'

describe.skipIf(!hasChromium)('stopping an answer (Chromium, real server, fake Messages API)', () => {
  let server: E2eServer
  let claude: FakeAnthropic
  let browser: Browser
  let base: string

  beforeAll(async () => {
    claude = await startFakeAnthropic()
    // First answer: two deltas, then held open (still "being written" when the visitor stops it).
    claude.queue.push({ kind: 'text', text: 'Pandora streamed listener hours ', chunks: 2, unfinished: true })
    claude.fallback = { kind: 'text', text: 'Pandora streamed listener hours in 2010.' }
    server = await startServer('asks1-e2e-stop-', {
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-messages-api',
      ANTHROPIC_BASE_URL: claude.url,
      ANTHROPIC_MAX_RETRIES: '0',
    })
    base = server.base
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await claude?.close()
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
    expect(claude.requests.length).toBe(1)

    await page.getByRole('button', { name: 'Stop answer' }).click()
    await turn.getByText('Stopped — this question was not counted').waitFor()
    expect(await turn.locator('.answer__text--partial').textContent()).toContain(
      'Pandora streamed listener hours',
    )
    // The server saw the client leave: it closed the upstream stream and gave the question back.
    await expect.poll(() => claude.aborted, { timeout: 10_000 }).toBe(1)
    const session = await page.evaluate(async () => (await fetch('/session')).json())
    expect(session).toMatchObject({ used: 0, left: 8 })
    await page.locator('.session', { hasText: '8 of 8 questions left' }).waitFor()

    await turn.getByRole('button', { name: 'Retry' }).click()
    await turn.getByText('Pandora streamed listener hours in 2010.').waitFor({ timeout: 30_000 })
    expect(await turn.getByText('Stopped — this question was not counted').count()).toBe(0)
    await page.locator('.session', { hasText: '7 of 8 questions left' }).waitFor()
    expect(claude.requests.length).toBe(2)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
