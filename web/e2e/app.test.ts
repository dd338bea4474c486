// @vitest-environment node
/**
 * End to end: Debian's Chromium (never a downloaded browser) driven by playwright-core, against the
 * REAL server (`buildApp`) on 127.0.0.1 with a temp DATA_DIR, the real Pandora S-1 ingested through
 * `ingestFiling` into the SQLite store, extractive mode (no Claude key), serving this package's
 * freshly built bundle. Screenshots at 390×844 and 1280×800 go to e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM, type E2eServer, hasChromium, launchChromium, startServer } from './harness'

const WEB_DIR = resolve(import.meta.dirname, '..')
const SHOTS = join(WEB_DIR, 'e2e', 'screenshots')
if (!hasChromium) console.warn(`e2e skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`)

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

describe.skipIf(!hasChromium)('web app against the real server (Chromium)', () => {
  let server: E2eServer
  let browser: Browser
  let base: string

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    server = await startServer('asks1-e2e-', {}, { anthropic: null })
    base = server.base
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  async function open(viewport: { width: number; height: number }, path = '/') {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(String(err)))
    await page.goto(`${base}${path}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    return { page, context, errors }
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name), fullPage: false })

  async function askFirstCard(page: Page) {
    const card = page.locator('.cards .card').first()
    const question = (await card.textContent())?.replace('→', '').trim() ?? ''
    await card.click()
    const turn = page.getByRole('article', { name: `Question: ${question}` })
    // The final event carries the mode: extractive answers are labelled as excerpts.
    await turn.getByText('Excerpts from the filing (not written by an AI model)').waitFor({ timeout: 30_000 })
    return turn
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`${label}: ask, see cited pages, open a citation and read its page`, async () => {
      const { page, context, errors } = await open(viewport)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Pandora Media, Inc.')
      // Before any question: the allowance (GET /session, a new browser has used none) and who answers.
      await page.locator('.session', { hasText: '8 of 8 questions left' }).waitFor()
      expect(await page.getByRole('contentinfo').textContent()).toContain(
        'No AI model is configured: answers are excerpts quoted from the filing.',
      )
      await shot(page, `${label}-1-welcome.png`)

      const turn = await askFirstCard(page)
      const chips = turn.locator('.answer__text button.cite')
      expect(await chips.count()).toBeGreaterThan(0)
      const sourceChips = turn.locator('.sources button.cite')
      expect(await sourceChips.count()).toBeGreaterThan(0)
      // Sources list only cited pages: every source chip's page is cited in the answer text.
      const answerPages = new Set(
        await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-page'))),
      )
      for (const p of await sourceChips.evaluateAll((els) => els.map((e) => e.getAttribute('data-page'))))
        expect(answerPages.has(p)).toBe(true)
      // The session's reset: a week after its first question.
      expect(await page.locator('.session').textContent()).toMatch(
        /^7 of 8 questions left · resets \w{3} \d{1,2}, \d\d:\d\d$/,
      )
      await shot(page, `${label}-2-answer.png`)
      await turn.locator('.sources').scrollIntoViewIfNeeded()
      await shot(page, `${label}-2b-sources.png`)

      const first = chips.first()
      const cited = await first.getAttribute('data-page')
      await first.click()
      await page.getByRole('dialog', { name: `Page ${cited}` }).waitFor()
      const dialog = page.locator('dialog.source-panel[open]')
      // The page as printed first (Pandora is EDGAR HTML: the page's own markup), then its text.
      await dialog.locator('.html-page[data-marks]').waitFor()
      await dialog.getByRole('button', { name: 'Text' }).click()
      const text = dialog.locator('.page-text')
      await text.waitFor()
      expect(((await text.textContent()) ?? '').length).toBeGreaterThan(200)
      // The Pandora S-1 is EDGAR HTML: printed pages, but no PDF to point into.
      expect(await dialog.locator('.source__meta').textContent()).toContain('Filed as HTML: no PDF page')
      expect(await dialog.getByRole('link', { name: /EDGAR/ }).getAttribute('href')).toMatch(
        /^https:\/\/www\.sec\.gov\//,
      )
      // Extractive answers quote their excerpts: the quote is found and highlighted on its page.
      expect(await dialog.locator('.page-text mark').count()).toBeGreaterThan(0)
      await shot(page, `${label}-3-page.png`)

      // Walk to the next printed page and back.
      const next = dialog.getByRole('button', { name: /→$/ })
      const nextPage = /p\.(\S+)/.exec((await next.textContent()) ?? '')?.[1]
      expect(nextPage).toBeTruthy()
      await next.click()
      await page.getByRole('dialog', { name: `Page ${nextPage}` }).waitFor()
      await dialog.getByRole('button', { name: `← p.${cited}` }).click()
      await page.getByRole('dialog', { name: `Page ${cited}` }).waitFor()
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      expect(errors).toEqual([])
      await context.close()
    }, 90_000)
  }

  test('an abstained question and a question of "???" use none of the allowance', async () => {
    const { page, context, errors } = await open(DESKTOP)
    const left = page.locator('.session')
    await left.filter({ hasText: '8 of 8 questions left' }).waitFor()
    const box = page.getByRole('textbox')

    // Nothing in the filing answers it: the reply says so, shows what was searched and where the
    // filing comes closest (each passage one click from its printed page), and is not counted.
    const question = 'What is Tim Westergren’s favourite food?'
    await box.fill(question)
    await box.press('Enter')
    const turn = page.getByRole('article', { name: `Question: ${question}` })
    await turn.getByText(/^The filing does not appear to say/).waitFor({ timeout: 30_000 })
    // Each line of the abstention is a paragraph of its own, not one run-on block.
    expect(await turn.getByText(/^Searched for “[^”]+”/).isVisible()).toBe(true)
    expect(await turn.getByText(/^Sections searched: /).isVisible()).toBe(true)
    const closest = turn.getByRole('region', { name: 'Closest passages' })
    expect(await closest.getByText(/Not counted against your session/).isVisible()).toBe(true)
    const chips = closest.getByRole('button', { name: /^p\.\S+, open the page$/ })
    expect(await chips.count()).toBeGreaterThan(0)
    expect(await turn.locator('.answer__text button.cite').count()).toBe(0)
    await left.filter({ hasText: '8 of 8 questions left' }).waitFor()
    expect(await page.evaluate(async () => (await fetch('/session')).json())).toMatchObject({ used: 0 })
    await shot(page, 'desktop-6-abstained.png')
    const cited = await chips.first().getAttribute('data-page')
    await chips.first().click()
    await page.getByRole('dialog', { name: `Page ${cited}` }).waitFor()
    await page.keyboard.press('Escape')

    // No letters or digits: refused in plain words (the server's 400), nothing counted.
    await box.fill('???')
    await box.press('Enter')
    await page
      .getByRole('alert')
      .getByText(/no letters or digits/)
      .waitFor({ timeout: 30_000 })
    expect(await page.evaluate(async () => (await fetch('/session')).json())).toMatchObject({ used: 0 })
    await left.filter({ hasText: '8 of 8 questions left' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)

  test('switching filing through the URL and the switcher', async () => {
    const { page, context, errors } = await open(DESKTOP, '/?company=facebook-s1')
    // Keyboard users can jump straight to the question box.
    await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe(
      'Skip to the question box',
    )
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Facebook, Inc.')
    await page.getByText('This filing has not been ingested yet').waitFor()
    // Not ingested: asking waits for it, and the box says so.
    expect(await page.getByRole('textbox').getAttribute('placeholder')).toBe(
      'Questions open once the filing has been read',
    )
    expect(await page.getByRole('textbox').isDisabled()).toBe(true)

    // Hold the registry re-read for a moment, as a slow network would: the switcher marks Pandora at
    // once and the page shows the switching overlay instead of freezing.
    await page.route('**/filings', async (route) => {
      await new Promise((r) => setTimeout(r, 800))
      await route.continue()
    })
    await page
      .getByRole('navigation', { name: 'Filings' })
      .getByRole('link', { name: /Pandora Media/ })
      .click()
    await page.getByText("Opening Pandora Media, Inc.'s S-1…").waitFor()
    expect(await page.locator('.filing[aria-current="page"]').textContent()).toContain('Pandora Media')
    await page.waitForTimeout(400) // past the overlay's fade-in delay, for the screenshot
    await shot(page, 'desktop-4-switching.png')
    await page.getByRole('heading', { level: 1, name: /Pandora Media/ }).waitFor()
    await page.unroute('**/filings')
    expect(new URL(page.url()).searchParams.get('company')).toBe('pandora-s1')

    await page.goBack()
    await page.getByRole('heading', { level: 1, name: /Facebook/ }).waitFor()

    await page.goto(`${base}/?company=pandora-s1`)
    await page.getByRole('heading', { level: 1, name: /Pandora Media/ }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)

  test('desktop: the "how it works" dialog', async () => {
    const { page, context } = await open(DESKTOP)
    await page.getByRole('button', { name: 'How it works' }).click()
    const dialog = page.getByRole('dialog', { name: 'How AskS1 works' })
    await dialog.waitFor()
    await shot(page, 'desktop-5-how.png')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    // Focus returns to the button that opened it.
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe(
      'How it works',
    )
    await context.close()
  }, 60_000)

  test('phone: the filing menu opens from the top bar', async () => {
    const { page, context } = await open(PHONE)
    const toggle = page.getByRole('button', { name: /^Filing/ })
    await toggle.click()
    await page
      .getByRole('navigation', { name: 'Filings' })
      .getByRole('link', { name: /Facebook/ })
      .waitFor()
    await shot(page, 'phone-4-menu.png')
    // Nothing overflows sideways at phone width, down to the narrowest supported (360 px).
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width)
    await toggle.click()
    await page.setViewportSize({ width: 360, height: 740 })
    await askFirstCard(page)
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360)
    await shot(page, 'phone-360-answer.png')
    await context.close()
  }, 60_000)
})
