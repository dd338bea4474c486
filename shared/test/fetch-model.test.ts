import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { env } from '@huggingface/transformers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchModel } from '../scripts/fetch-model'
import { loadBaseConfig } from '../src/config'
import { MODEL_FILES } from '../src/retrieval/embedder'
import { ensureTestModel, type TestModel } from '../testing/index'

/**
 * `pnpm models:fetch` cannot reach the Hub here, so a local HTTP server plays the Hub (same
 * `<model>/resolve/main/<file>` layout) serving the generated tiny model. The download itself is
 * transformers.js's real code.
 */
describe('models:fetch', () => {
  let server: Server
  let host: string
  let model: TestModel
  const requests: string[] = []
  let dir: string

  beforeAll(async () => {
    model = await ensureTestModel()
    dir = mkdtempSync(join(tmpdir(), 'asks1-fetch-'))
    server = createServer((req, res) => {
      requests.push(req.url ?? '')
      const m = /^\/(.+)\/resolve\/main\/(.+)$/.exec(decodeURIComponent(req.url ?? ''))
      const file = m ? join(model.modelsDir, m[1] as string, m[2] as string) : ''
      if (!m || !existsSync(file)) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })

  afterAll(async () => {
    await new Promise((r) => server.close(r))
    rmSync(dir, { recursive: true, force: true })
  })

  it('downloads the quantized model files into MODELS_DIR and proves they load offline', async () => {
    const logs: string[] = []
    const config = loadBaseConfig({ MODELS_DIR: dir, EMBEDDING_MODEL: model.model })
    const result = await fetchModel(config, { host, log: (m) => logs.push(m) })
    expect(result.dim).toBe(model.dim)
    for (const f of MODEL_FILES) {
      expect(readFileSync(join(dir, model.model, f))).toEqual(
        readFileSync(join(model.modelsDir, model.model, f)),
      )
    }
    expect(requests).toContain(`/${model.model}/resolve/main/onnx/model_quantized.onnx`)
    expect(logs.join('\n')).toMatch(/Model ready: asks1\/tiny-bert-test, 64-d/)
    // The global transformers.js settings are back to "no downloads".
    expect(env.allowRemoteModels).toBe(false)
    expect(env.remoteHost).toBe('https://huggingface.co/')
  })
})
