// @vitest-environment node
/**
 * The production bundle is browser-only: built exactly as `vite build` does (with the browser-safe
 * plugin), its output names no Node built-in and no Node-only package; and the plugin itself stops
 * a build that imports one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { API_PATHS } from '@asks1/shared/contract/routes'
import { afterAll, describe, expect, test } from 'vitest'
import viteConfig, { NODE_ONLY_PACKAGES, nodeOnlyReason } from '../vite.config'
import { buildWeb } from './build-web'

const tmp = mkdtempSync(join(tmpdir(), 'asks1-web-build-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )

describe('production bundle', () => {
  test('contains no Node-only module', async () => {
    const out = join(tmp, 'dist')
    await buildWeb(out)
    const all = files(out).filter((f) => /\.m?js$/.test(f))
    // pdf.js ships Node branches (process.getBuiltinModule, behind its own isNodeJS check) in its
    // browser build; they never run in a browser. Its chunks get the package checks, not the marker ones.
    const isPdfJs = (f: string) => /^(PdfPageView|pdf\.worker)/.test(basename(f))
    const js = all.filter((f) => !isPdfJs(f))
    expect(js.length).toBeGreaterThan(0)
    const pdfCode = all
      .filter(isPdfJs)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n')
    for (const marker of ['better-sqlite3', 'onnxruntime', 'sqlite-vec', 'fastify'])
      expect(pdfCode).not.toContain(marker)
    const code = js.map((f) => readFileSync(f, 'utf8')).join('\n')
    // Module specifiers as the bundler would leave them: quoted, in import/require position.
    expect(code).not.toMatch(/["'`]node:[a-z]/)
    for (const pkg of NODE_ONLY_PACKAGES) expect(code).not.toContain(`"${pkg}"`)
    for (const marker of ['better-sqlite3', 'onnxruntime', 'sqlite-vec', 'createRequire', 'process.binding'])
      expect(code).not.toContain(marker)
    // It is the real app: the contract's citation parser and React are in, and the icons are copied.
    expect(code).toContain('Excerpts from the filing (not written by an AI model)')
    for (const icon of [
      'favicon.ico',
      'favicon.svg',
      'apple-touch-icon.png',
      'icon-192.png',
      'icon-512.png',
      'manifest.webmanifest',
    ])
      expect(files(out).map((f) => f.slice(out.length + 1))).toContain(icon)
  }, 120_000)

  test('ships precompressed assets, no source maps, pdf.js apart, and a main bundle within budget', () => {
    const out = join(tmp, 'dist')
    const names = files(out).map((f) => f.slice(out.length + 1))
    expect(names.filter((n) => n.endsWith('.map'))).toEqual([])
    const main = names.filter((n) => /^assets\/index-[\w-]+\.js$/.test(n))
    expect(main).toHaveLength(1)
    for (const asset of [...main, 'index.html']) {
      expect(names).toContain(`${asset}.br`)
      expect(names).toContain(`${asset}.gz`)
    }
    // pdf.js and its worker are their own chunks, loaded with the first PDF page opened.
    expect(names.some((n) => /^assets\/PdfPageView-[\w-]+\.js$/.test(n))).toBe(true)
    expect(names.some((n) => /^assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(n))).toBe(true)
    const mainCode = readFileSync(join(out, main[0] as string))
    expect(mainCode.toString()).not.toContain('GlobalWorkerOptions')
    // Budget: main's bundle before the page view (issue 17) was 91,190 bytes gzip -9; at most 10 kB more.
    expect(gzipSync(mainCode, { level: 9 }).length).toBeLessThanOrEqual(101_190)
  })

  test('a build that imports Node-only code fails and names the import', async () => {
    // The plugin refuses the import by name, before resolution: the entry can live outside the app.
    const entry = join(tmp, 'bad-entry.ts')
    writeFileSync(entry, "import { openStore } from '@asks1/shared/store'\nconsole.log(openStore)\n")
    await expect(buildWeb(join(tmp, 'bad'), { entry })).rejects.toThrow(
      /Node-only import in the web bundle: @asks1\/shared\/store is not browser-safe/,
    )
  }, 120_000)

  test('the rule itself', () => {
    expect(nodeOnlyReason('node:fs')).toBe('node:fs is a Node built-in')
    expect(nodeOnlyReason('path')).toBe('path is a Node built-in')
    expect(nodeOnlyReason('better-sqlite3')).toBe('better-sqlite3 only runs in Node')
    expect(nodeOnlyReason('@huggingface/transformers')).toMatch(/only runs in Node/)
    expect(nodeOnlyReason('@asks1/shared/retrieval/embedder')).toMatch(/not browser-safe/)
    expect(nodeOnlyReason('@asks1/shared')).toMatch(/not browser-safe/)
    expect(nodeOnlyReason('@asks1/shared/contractual')).toMatch(/not browser-safe/)
    for (const ok of [
      '@asks1/shared/contract/api',
      '@asks1/shared/contract/citations',
      '@asks1/shared/contract/filings',
      '@asks1/shared/contract',
      'react',
      './app',
    ])
      expect(nodeOnlyReason(ok)).toBeNull()
  })
})

describe('dev server', () => {
  test("proxies every path of the contract's route table to the API", () => {
    expect(Object.keys(viteConfig.server?.proxy ?? {})).toEqual([...API_PATHS])
  })
})
