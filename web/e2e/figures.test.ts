// @vitest-environment node
/**
 * Figures end to end, in Debian's Chromium against the REAL server (`buildApp`, the real Pandora S-1
 * and Facebook S-1 ingested, their tables read from the EDGAR HTML and the PDF, the real citation
 * check). Claude cannot run here, so the SDK's base URL points at the local fake Messages API
 * (`@asks1/server/testing/fake-anthropic`) on 127.0.0.1, which streams a scripted answer chosen by
 * the filing the system prompt names and the question: a figure quoted in other units than the page
 * prints it ("$55.2 million" of a table "in thousands" printing 55,189), a figure the answer computes
 * from two printed ones ($58.8 million = $90,123 thousand − $31,352 thousand), a figure the page does
 * not print, and a quote on its page that does not match the question. What only a browser shows:
 * the chips' states and colours and the key, the summary line, the printed page (the filing's HTML,
 * or the PDF drawn by pdf.js) and the page's tables with the cells the check matched marked
 * (Facebook p.50: "$3.7 billion" is the "$3,711" printed "in millions").
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type FakeAnthropic, startFakeAnthropic } from '@asks1/server/testing/fake-anthropic'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type E2eServer, hasChromium, launchChromium, startServer } from './harness'

const ANSWER =
  "Pandora's total revenue was $55.2 million in fiscal 2010 [p.9]. In the nine months ended October 31, " +
  '2010 it was $90,123 thousand, up from $31,352 thousand a year before: $58.8 million more [p.F-4].'
/** Facebook's p.50 prints "$3,711" under "(in millions)", and nowhere "$3.7 billion" (issue 12). */
const FACEBOOK_ANSWER = "Facebook's revenue was $3.7 billion in 2011 [p.50]."
/** Asked of Pandora: p.70 prints "More than 50%", not 75%; p.79's offices are on it but off the question. */
const MOBILE_QUESTION = 'How much of Pandora’s listening happens on mobile devices?'
const MOBILE_ANSWER =
  'More than 75% of all listener hours streamed from the Pandora service in January 2011 were delivered ' +
  'to a mobile device [p.70]. Our principal executive offices are located in Oakland, California [p.79].'

const SHOTS = join(resolve(import.meta.dirname), 'screenshots')

const marks = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()))

describe.skipIf(!hasChromium)(
  'figures: chips, key and highlights (Chromium, real server, fake Messages API)',
  () => {
    let server: E2eServer
    let claude: FakeAnthropic
    let browser: Browser

    beforeAll(async () => {
      claude = await startFakeAnthropic()
      claude.reply = ({ body }) => ({
        kind: 'text',
        text: body.system?.includes('Facebook, Inc.')
          ? FACEBOOK_ANSWER
          : body.messages.at(-1)?.content.endsWith(`Question: ${MOBILE_QUESTION}`)
            ? MOBILE_ANSWER
            : ANSWER,
      })
      server = await startServer(
        'asks1-e2e-figures-',
        {
          ANTHROPIC_API_KEY: 'test-key-for-the-fake-messages-api',
          ANTHROPIC_BASE_URL: claude.url,
          ANTHROPIC_MAX_RETRIES: '0',
        },
        { ingest: ['pandora-s1', 'facebook-s1'] },
      )
      browser = await launchChromium()
    }, 300_000)

    afterAll(async () => {
      await browser?.close()
      await server?.close()
      await claude?.close()
    })

    /** A desktop page on `path`, collecting the page's uncaught errors. */
    async function open(path = '/') {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await ctx.newPage()
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(String(err)))
      await page.goto(`${server.base}${path}`)
      return { ctx, page, errors }
    }

    test('a rescaled figure marks its printed cell; a computed one has its own chip, key entry and derivation', async () => {
      const { ctx, page, errors } = await open()
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.locator('.cards .card').first().click()

      // The chips: p.9 checked (green), p.F-4 computed (its own state, in words for screen readers).
      const printed = page.getByRole('button', { name: /^p\.9, checked/ })
      const computed = page.getByRole('button', {
        name: /^p\.F-4, a figure computed from figures on the page/,
      })
      await computed.waitFor({ timeout: 30_000 })
      expect(await printed.getAttribute('class')).toContain('cite--verified')
      expect(await computed.getAttribute('class')).toContain('cite--computed')
      expect(await computed.getAttribute('class')).not.toContain('cite--unverified')
      // Its mark is "=", drawn by the stylesheet: not the amber dot of "not found".
      const mark = await page.evaluate(
        `getComputedStyle(document.querySelector('.answer__text .cite--computed .cite__mark'), '::before').content`,
      )
      expect(mark).toBe('"="')
      await expect
        .poll(() => page.getByTestId('citation-summary').textContent())
        // (How well each passage matches the question may follow: that is the relevance, not the check.)
        .toMatch(
          /^2 citations · 1 citation found on its page · 1 figure computed from figures printed on p\.F-4( · |$)/,
        )
      // The key is on screen (not a tooltip), and has the computed state.
      const keyEntry = page.getByText(/computed from figures that are/)
      expect(await keyEntry.isVisible()).toBe(true)
      expect(await keyEntry.locator('xpath=../dt//span[contains(@class,"cite--computed")]').count()).toBe(1)

      // The new state keeps its words readable (axe: contrast, names), and is seen on a phone too.
      const { violations } = await new AxeBuilder({ page }).include('.turn').analyze()
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: join(SHOTS, 'figures-desktop.png') })
      // On a phone the key wraps, stays on screen and makes nothing scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 })
      await keyEntry.scrollIntoViewIfNeeded()
      expect(await keyEntry.isVisible()).toBe(true)
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390)
      await page.screenshot({ path: join(SHOTS, 'figures-phone.png') })
      await page.setViewportSize({ width: 1280, height: 800 })

      // p.9 as printed (the filing's HTML): "$55.2 million" is not on the page; the 55,189 the
      // check matched in the table "in thousands" is marked.
      await printed.click()
      const dialog = page.getByRole('dialog', { name: 'Page 9' })
      await dialog.locator('.html-page[data-marks]').waitFor()
      expect(await marks(page, '.html-page mark')).toContain('55,189')
      await expect.poll(() => dialog.getByText(/printed on the page as 55,189/).count()).toBe(1)
      // The Text view draws the page's tables: the cited cell and its row are marked.
      await dialog.getByRole('button', { name: 'Text' }).click()
      const table = dialog.locator('table.page-table', { hasText: 'Total revenue' }).first()
      await table.waitFor()
      expect(await marks(page, '.page-table mark')).toEqual(['55,189'])
      const rows = await table
        .locator('tr.page-table__row--cited th')
        .evaluateAll((els) => els.map((e) => e.textContent))
      expect(rows).toEqual(['Total revenue'])

      // p.F-4: the panel says how the figure was computed, and marks the printed figures it used.
      await page.keyboard.press('Escape')
      await computed.click()
      const f4 = page.getByRole('dialog', { name: 'Page F-4' })
      await f4
        .getByText('Computed: $58.8 million = $90,123 thousand − $31,352 thousand', { exact: false })
        .waitFor()
      await f4.locator('table.page-table').first().waitFor()
      expect(await marks(page, '.page-table mark')).toEqual(['31,352', '90,123'])
      expect(await marks(page, '.page-text mark')).toEqual(expect.arrayContaining(['31,352', '90,123']))
      await page.screenshot({ path: join(SHOTS, 'figures-panel.png') })
      await ctx.close().catch(() => {})
      expect(errors).toEqual([])
    }, 120_000)

    test('a figure not found and a quote that barely matches: neither is green, and the summary counts both', async () => {
      const { ctx, page, errors } = await open()
      await page.getByRole('heading', { level: 1, name: /Pandora/ }).waitFor()
      await page.locator('#question').fill(MOBILE_QUESTION)
      await page.locator('#question').press('Enter')
      const text = page.locator('.answer__text')
      // Claude's "75%" is checked as the server checks any figure: p.70 prints "More than 50%".
      const notFound = text.getByRole('button', { name: /^p\.70, not verified/ })
      await notFound.waitFor({ timeout: 30_000 })
      // p.79 holds the quote (✓: on its page) but it is about the offices, not the question.
      const weak = text.getByRole('button', { name: /^p\.79, checked, barely matches the question/ })
      expect(await weak.getAttribute('class')).toMatch(/cite--verified.*cite--match-weak/)
      // (Expressions, not functions: this project's types have no DOM; they run in the page.)
      const mark = (selector: string): Promise<string> =>
        page.evaluate(
          `getComputedStyle(document.querySelector(${JSON.stringify(selector)}), '::before').content`,
        )
      const background = (selector: string): Promise<string> =>
        page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor`)
      expect(await mark('.answer__text .cite--match-weak .cite__mark')).toBe('"✓"')
      // Green is what the key's "found on that page" sample shows; the weak chip is not green.
      const green = await background('.badge-key .cite--verified')
      expect(await background('.answer__text .cite--match-weak')).not.toBe(green)
      expect(await background('.answer__text .cite--unverified')).not.toBe(green)
      expect(await mark('.answer__text .cite--unverified .cite__mark')).toBe('none')
      expect(await page.getByTestId('citation-summary').textContent()).toBe(
        '2 citations · 1 of 2 citations found on their pages · 1 figure not found on p.70 · 1 weak match to the question',
      )
      // The key says what each chip means, on screen (not a tooltip).
      expect(await page.getByText('a figure not found on that page').isVisible()).toBe(true)
      expect(await page.getByText(/^how well the passage matches the question/).isVisible()).toBe(true)
      await notFound.click()
      const dialog = page.getByRole('dialog', { name: 'Page 70' })
      await dialog.getByText(/75% was not found on page 70/).waitFor()
      await ctx.close().catch(() => {})
      expect(errors).toEqual([])
    }, 120_000)

    test('PDF filing: "$3.7 billion" marks the printed "$3,711" on the pdf.js page and its cell in the table', async () => {
      const { ctx, page, errors } = await open('/?company=facebook-s1')
      await page.getByRole('heading', { level: 1, name: /Facebook/ }).waitFor()
      await page.locator('#question').fill("What was Facebook's revenue in 2011?")
      await page.locator('#question').press('Enter')
      const chip = page.locator('.answer__text').getByRole('button', { name: /^p\.50, checked/ })
      await chip.waitFor({ timeout: 30_000 })
      await chip.click()
      // The page as printed (pdf.js): the quote is not on it literally; the print the check matched is.
      const view = page.locator('dialog[open] .pdf-view[data-state="ready"]')
      await view.waitFor({ timeout: 60_000 })
      expect(Number(await view.getAttribute('data-marks'))).toBeGreaterThan(0)
      const dialog = page.getByRole('dialog', { name: 'Page 50' })
      await expect.poll(() => dialog.getByText(/printed on the page as .*3,711/).count()).toBe(1)
      // The PDF table reader's table in the Text view: the cell and its row.
      await dialog.getByRole('button', { name: 'Text' }).click()
      await dialog.locator('table.page-table').first().waitFor()
      expect(await marks(page, '.page-table mark')).toEqual(['$3,711'])
      const rows = await dialog
        .locator('tr.page-table__row--cited th')
        .evaluateAll((els) => els.map((e) => e.textContent))
      expect(rows).toEqual(['Total revenue'])
      expect(await marks(page, '.page-text mark')).toContain('$3,711')
      await ctx.close().catch(() => {})
      expect(errors).toEqual([])
    }, 120_000)
  },
)
