/**
 * Renders every app icon from the one source image, web/assets/icon.svg:
 *   public/favicon.svg            the source itself (modern browsers)
 *   public/favicon.ico            16, 32 and 48 px PNGs in one ICO (legacy browsers, /favicon.ico probes)
 *   public/apple-touch-icon.png   180 px, full-bleed square (iOS rounds the corners itself)
 *   public/icon-192.png, icon-512.png and public/manifest.webmanifest (installable PWA)
 * Run `pnpm --filter @asks1/web icons` after editing the source; the outputs are committed.
 * `renderIcons(outDir)` is exported so the test can check the committed files are current.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const SOURCE = join(WEB_DIR, 'assets', 'icon.svg')
export const PUBLIC_DIR = join(WEB_DIR, 'public')

export const THEME_COLOR = '#1d5c57'
export const BACKGROUND_COLOR = '#f6f5f1'

const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: Math.max(72, (72 * size) / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()

/** The source with square corners, for platforms that apply their own mask. */
export function fullBleed(svg: string): string {
  const out = svg.replace(/(<rect id="bg"[^>]*?)\s+rx="[^"]*"/, '$1')
  if (out === svg) throw new Error('icon.svg: expected a <rect id="bg" … rx="…"> background')
  return out
}

/** An ICO container holding PNG images (supported by every browser since IE Vista-era). */
export function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  const entries = Buffer.alloc(16 * images.length)
  let offset = header.length + entries.length
  images.forEach(({ size, data }, i) => {
    const e = i * 16
    entries.writeUInt8(size >= 256 ? 0 : size, e) // width (0 means 256)
    entries.writeUInt8(size >= 256 ? 0 : size, e + 1) // height
    entries.writeUInt8(0, e + 2) // palette colours
    entries.writeUInt8(0, e + 3) // reserved
    entries.writeUInt16LE(1, e + 4) // colour planes
    entries.writeUInt16LE(32, e + 6) // bits per pixel
    entries.writeUInt32LE(data.length, e + 8)
    entries.writeUInt32LE(offset, e + 12)
    offset += data.length
  })
  return Buffer.concat([header, entries, ...images.map((i) => i.data)])
}

export function manifest(): string {
  return `${JSON.stringify(
    {
      name: 'AskS1: ask an IPO filing',
      short_name: 'AskS1',
      description: 'Ask questions about an SEC IPO filing; every answer cites the printed page.',
      start_url: '/',
      display: 'standalone',
      background_color: BACKGROUND_COLOR,
      theme_color: THEME_COLOR,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    },
    null,
    2,
  )}\n`
}

/** Every output file name → its bytes. */
export async function renderIcons(source = SOURCE): Promise<Map<string, Buffer>> {
  const svgText = await readFile(source, 'utf8')
  const svg = Buffer.from(svgText)
  const square = Buffer.from(fullBleed(svgText))
  const icoSizes = [16, 32, 48]
  return new Map<string, Buffer>([
    ['favicon.svg', svg],
    [
      'favicon.ico',
      ico(await Promise.all(icoSizes.map(async (size) => ({ size, data: await png(svg, size) })))),
    ],
    ['apple-touch-icon.png', await png(square, 180)],
    ['icon-192.png', await png(svg, 192)],
    ['icon-512.png', await png(svg, 512)],
    ['manifest.webmanifest', Buffer.from(manifest())],
  ])
}

async function main() {
  await mkdir(PUBLIC_DIR, { recursive: true })
  for (const [name, data] of await renderIcons()) {
    await writeFile(join(PUBLIC_DIR, name), data)
    process.stderr.write(`wrote public/${name} (${data.length} bytes)\n`)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
