/**
 * The built web app is served precompressed: Vite writes .br and .gz beside each text asset, and
 * @fastify/static (preCompressed) sends the one the client accepts, with no compression per request.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, makeEnv, type TestEnv } from './helper'

const JS = `console.log(${JSON.stringify('AskS1 '.repeat(200))})\n`

describe('precompressed web assets', () => {
  let env: TestEnv
  let app: FastifyInstance
  beforeAll(async () => {
    env = await makeEnv()
    const dist = join(env.dir, 'web-dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>AskS1</title>')
    const file = join(dist, 'assets', 'index-abc123.js')
    writeFileSync(file, JS)
    writeFileSync(`${file}.br`, brotliCompressSync(JS))
    writeFileSync(`${file}.gz`, gzipSync(JS))
    app = await buildTestApp(env, { config: { WEB_DIST: dist } })
  })
  afterAll(async () => {
    await app?.close()
    await env?.cleanup()
  })

  const get = (encoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    })

  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS)
    expect(br.rawPayload.length).toBeLessThan(JS.length / 5)

    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS)
  })

  it('sends the plain file otherwise, cached for long (hashed name)', async () => {
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(JS)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
