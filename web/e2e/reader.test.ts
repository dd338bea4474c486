// @vitest-environment node
/**
 * The reader's view end to end, in Debian's Chromium against the REAL server with two real filings
 * ingested (Pandora's EDGAR HTML and Facebook's PDF, keyword-only, extractive answers): the page as
 * printed (sanitised HTML with its tables; pdf.js over range requests), threads restored after a
 * reload, Clear conversation, Copy answer, the phone menu, the skip link, and axe-core (4.x) on the
 * landing page, an answer, the page panel, the dialog and the phone menu: no serious or critical
 * violation. Screenshots at 1280×800 and 390×844 go to e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM, type E2eServer, hasChromium, launchChromium, startServer } from './harness'

const SHOTS = join(resolve(import.meta.dirname), 'screenshots')
if (!hasChromium) console.warn(`e2e skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`)

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** Serious and critical axe violations, as `rule: target` lines (empty when there are none). */
async function axeProblems(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  const { violations, passes } = await builder.analyze()
  // axe really looked: rules ran and passed on this content.
  expect(passes.length).toBeGreaterThan(10)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    )
}

describe.skipIf(!hasChromium)("the reader's view (Chromium, real server, two real filings)", () => {
  let server: E2eServer
  let browser: Browser
  let base: string

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    server = await startServer(
      'asks1-e2e-reader-',
      {},
      { anthropic: null, ingest: ['pandora-s1', 'facebook-s1'] },
    )
    base = server.base
    browser = await launchChromium()
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  async function open(viewport: { width: number; height: number }, path = '/', context?: BrowserContext) {
    const ctx = context ?? (await browser.newContext({ viewport, deviceScaleFactor: 1 }))
    const page = await ctx.newPage()
    const errors: string[] = []
    const asks: string[] = []
    page.on('pageerror', (err) => errors.push(String(err)))
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/ask') asks.push(r.url())
    })
    await page.goto(`${base}${path}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    return { page, context: ctx, errors, asks }
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name) })

  async function askFirstCard(page: Page) {
    const card = page.locator('.cards .card').first()
    const question = (await card.textContent())?.replace('→', '').trim() ?? ''
    await card.click()
    const turn = page.getByRole('article', { name: `Question: ${question}` })
    await turn.getByText('Excerpts from the filing (not written by an AI model)').waitFor({ timeout: 30_000 })
    return { turn, question }
  }

  test('desktop, HTML filing: axe on landing, answer, page panel and dialog; the page as printed with its tables', async () => {
    const { page, context, errors } = await open(DESKTOP)
    await page.locator('.session', { hasText: '8 of 8 questions left' }).waitFor()
    expect(await axeProblems(page)).toEqual([])

    const { turn } = await askFirstCard(page)
    expect(await axeProblems(page)).toEqual([])
    // Chips: at least 24 px high, named by what they show.
    const chip = turn.locator('.answer__text button.cite').first()
    expect((await chip.boundingBox())?.height).toBeGreaterThanOrEqual(24)
    expect(await chip.getAttribute('aria-label')).toMatch(/^p\.\S+, /)
    // Each page on one source card only.
    const cardPages = await turn
      .locator('.sources button.cite')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-page')))
    expect(new Set(cardPages).size).toBe(cardPages.length)
    await shot(page, 'desktop-6-answer-tools.png')

    const cited = await chip.getAttribute('data-page')
    await chip.click()
    const dialog = page.getByRole('dialog', { name: `Page ${cited}` })
    await dialog.waitFor()
    const printed = dialog.locator('.html-page[data-marks]')
    await printed.waitFor()
    expect(Number(await printed.getAttribute('data-marks'))).toBeGreaterThan(0)
    expect(await printed.locator('mark').count()).toBeGreaterThan(0)
    expect(await dialog.getByRole('button', { name: 'Page', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    await shot(page, 'desktop-7-page-html.png')
    expect(await axeProblems(page, 'dialog[open]')).toEqual([])

    // A page with a financial table keeps it as a table (p.50: results of operations).
    await page.keyboard.press('Escape')
    const tablePage = String(
      await page.evaluate(
        "fetch('/filings/pandora-s1/document/pages/50').then((r) => r.json()).then((j) => j.html)",
      ),
    )
    expect(tablePage).toMatch(/<table[\s>]/)

    await page.getByRole('button', { name: 'How it works' }).click()
    await page.getByRole('dialog', { name: 'How AskS1 works' }).waitFor()
    expect(await axeProblems(page, 'dialog[open]')).toEqual([])
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`${label}, PDF filing: pdf.js renders the cited page over range requests, passage highlighted`, async () => {
      const { page, context, errors } = await open(viewport, '/?company=facebook-s1')
      const ranges: number[] = []
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/filings/facebook-s1/document') ranges.push(r.status())
      })
      // The first demo card, as a new reader clicks it: it asks two things, and each part is quoted
      // with its page (docs/answers.md).
      const { turn } = await askFirstCard(page)
      await expect.poll(() => turn.locator('.answer__text').textContent()).toMatch(/\$3,711 million/)
      await expect.poll(() => turn.locator('.answer__text').textContent()).toMatch(/88%/)
      await turn.locator('.answer__text button.cite').first().click()
      const view = page.locator('dialog[open] .pdf-view[data-state="ready"]')
      await view.waitFor({ timeout: 60_000 })
      expect(Number(await view.getAttribute('data-marks'))).toBeGreaterThan(0)
      const canvas = view.locator('canvas').first()
      const box = await canvas.boundingBox()
      expect(box?.width).toBeGreaterThan(200)
      // Something was drawn: the canvas is not blank white.
      const inked = Number(
        await canvas.evaluate(
          new Function(
            'c',
            'const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 128) n++; return n',
          ) as (c: unknown) => number,
        ),
      )
      expect(inked).toBeGreaterThan(1000)
      // pdf.js reads the file's size from a first plain request (which it cancels), then fetches the
      // parts it needs as byte ranges.
      expect(ranges.filter((s) => s === 206).length).toBeGreaterThan(0)
      expect(ranges.every((s) => s === 200 || s === 206)).toBe(true)
      await page.locator('dialog[open] .pdf-mark').first().waitFor()
      await shot(page, `${label}-8-page-pdf.png`)
      if (label === 'desktop') expect(await axeProblems(page, 'dialog[open]')).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    }, 120_000)
  }

  test('threads survive a reload without asking again; Clear conversation forgets them; Copy answer', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
    const first = await open(DESKTOP, '/', context)
    const { turn, question } = await askFirstCard(first.page)
    const answer = (await turn.locator('.answer__text').textContent()) ?? ''
    await first.page.locator('.session', { hasText: /^7 of 8 questions left · resets / }).waitFor()

    await turn.getByRole('button', { name: 'Copy answer' }).click()
    await turn.getByText('Copied as Markdown').waitFor()
    const copied = String(await first.page.evaluate('navigator.clipboard.readText()'))
    expect(copied).toContain(`**Question:** ${question}`)
    expect(copied).toMatch(/\*\*Pages cited\*\* \(the filing's printed page numbers\): p\.\S+/)
    expect(copied).toContain('https://www.sec.gov/Archives/edgar/data/1230276/')
    await first.page.close()

    const again = await open(DESKTOP, '/', context)
    const restored = again.page.getByRole('article', { name: `Question: ${question}` })
    await restored.waitFor()
    expect(await restored.locator('.answer__text').textContent()).toBe(answer)
    expect(await restored.locator('.answer__text button.cite').count()).toBeGreaterThan(0)
    await again.page.locator('.session', { hasText: /^7 of 8 questions left/ }).waitFor()
    expect(again.asks).toEqual([])
    await shot(again.page, 'desktop-9-restored.png')

    await again.page.getByRole('button', { name: 'Clear conversation' }).click()
    await again.page.locator('.cards .card').first().waitFor()
    await again.page.reload()
    await again.page.locator('.cards .card').first().waitFor()
    expect(await again.page.getByRole('article').count()).toBe(0)
    expect(again.asks).toEqual([])
    expect([...first.errors, ...again.errors]).toEqual([])
    await context.close()
  }, 120_000)

  test('phone: the filing menu closes on Esc and on a tap outside, which goes no further; axe on the open menu', async () => {
    const { page, context, asks, errors } = await open(PHONE)
    const toggle = page.getByRole('button', { name: /^Filing/ })
    await toggle.click()
    await page.locator('.switcher.is-open').waitFor()
    expect(await axeProblems(page)).toEqual([])
    await shot(page, 'phone-5-menu-open.png')
    await page.keyboard.press('Escape')
    await page.locator('.switcher.is-open').waitFor({ state: 'detached' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate("document.activeElement.classList.contains('switcher__toggle')")).toBe(true)

    // A tap where a demo question card sits, below the open menu: it closes the menu, nothing else.
    await toggle.click()
    await page.locator('.switcher.is-open').waitFor()
    const card = await page.locator('.cards .card').last().boundingBox()
    if (!card) throw new Error('no demo card on screen')
    await page.mouse.click(card.x + card.width / 2, card.y + card.height / 2)
    await page.locator('.switcher.is-open').waitFor({ state: 'detached' })
    expect(asks).toEqual([])
    expect(await page.getByRole('article').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)

  test('the skip link moves focus to the question box and never switches filing', async () => {
    const { page, context, errors } = await open(DESKTOP)
    let registryReads = 0
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/filings') registryReads++
    })
    for (let i = 0; i < 5; i++) {
      // The first time from a fresh page, as a keyboard user arrives; then straight to the link.
      if (i === 0) await page.keyboard.press('Tab')
      else await page.locator('.skip-link').focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction("document.activeElement && document.activeElement.id === 'question'")
      await page.goBack() // back to before the #question hash: a hash-only popstate
      await page.waitForFunction("window.location.hash === ''")
    }
    expect(registryReads).toBe(0)
    expect(await page.locator('.switching').count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Pandora Media')
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)
})
