// @vitest-environment node
/** The committed icons are what `scripts/icons.ts` renders from the one source image. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { fullBleed, PUBLIC_DIR, renderIcons } from '../scripts/icons'
import { WEB_DIR } from './build-web'

describe('app icons', () => {
  test('committed files match a fresh render of assets/icon.svg (run `pnpm --filter @asks1/web icons`)', async () => {
    const rendered = await renderIcons()
    expect([...rendered.keys()].sort()).toEqual(
      [
        'apple-touch-icon.png',
        'favicon.ico',
        'favicon.svg',
        'icon-192.png',
        'icon-512.png',
        'manifest.webmanifest',
      ].sort(),
    )
    for (const [name, data] of rendered) {
      const committed = readFileSync(join(PUBLIC_DIR, name))
      if (name.endsWith('.png')) {
        // Compare pixels, not bytes: PNG encoders may differ in compression, never in pixels.
        const [a, b] = await Promise.all([sharp(committed).raw().toBuffer(), sharp(data).raw().toBuffer()])
        expect(a.equals(b), `${name} is stale`).toBe(true)
      } else if (name !== 'favicon.ico') {
        expect(committed.toString(), `${name} is stale`).toBe(data.toString())
      }
    }
  }, 60_000)

  test('sizes: PNGs, a 16/32/48 ICO holding PNGs, and a manifest pointing at real files', async () => {
    for (const [name, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['apple-touch-icon.png', 180],
    ] as const) {
      const meta = await sharp(join(PUBLIC_DIR, name)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size])
    }
    const ico = readFileSync(join(PUBLIC_DIR, 'favicon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3])
    const sizes = [0, 1, 2].map((i) => ico.readUInt8(6 + i * 16))
    expect(sizes).toEqual([16, 32, 48])
    for (let i = 0; i < 3; i++) {
      const length = ico.readUInt32LE(6 + i * 16 + 8)
      const offset = ico.readUInt32LE(6 + i * 16 + 12)
      const meta = await sharp(ico.subarray(offset, offset + length)).metadata()
      expect([meta.format, meta.width]).toEqual(['png', sizes[i]])
    }
    const manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8'))
    for (const icon of manifest.icons) expect(() => readFileSync(join(PUBLIC_DIR, icon.src))).not.toThrow()
    const html = readFileSync(join(WEB_DIR, 'index.html'), 'utf8')
    for (const href of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/manifest.webmanifest'])
      expect(html).toContain(`href="${href}"`)
  })

  test('the Apple icon is full-bleed: the source minus its rounded corners', async () => {
    const svg = readFileSync(join(WEB_DIR, 'assets', 'icon.svg'), 'utf8')
    expect(fullBleed(svg)).not.toMatch(/<rect id="bg"[^>]*rx=/)
    const corner = await sharp(join(PUBLIC_DIR, 'apple-touch-icon.png'))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer()
    const rounded = await sharp(join(PUBLIC_DIR, 'icon-512.png'))
      .ensureAlpha()
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer()
    expect(corner[0]).toBe(0x1d) // the background teal reaches the corner
    expect(rounded[3]).toBe(0) // the PWA icon keeps its transparent rounded corner
  })
})
