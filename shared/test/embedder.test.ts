import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { env } from '@huggingface/transformers'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadBaseConfig } from '../src/config'
import {
  type Embedder,
  loadEmbedder,
  MAX_TOKENS,
  planWindows,
  WINDOW_PIECES,
} from '../src/retrieval/embedder'
import { ensureTestModel, type TestModel, writeTestModel } from '../testing/index'

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0)

describe('planWindows', () => {
  it('covers every word with windows that fit, overlapping by about a quarter', () => {
    const pieces = Array.from({ length: 400 }, (_, i) => 1 + (i % 3))
    const windows = planWindows(pieces, 254)
    expect(windows[0]?.[0]).toBe(0)
    expect(windows.at(-1)?.[1]).toBe(400)
    for (const [s, e] of windows) {
      expect(pieces.slice(s, e).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(254)
    }
    for (let i = 1; i < windows.length; i++) {
      const [ps, pe] = windows[i - 1] as [number, number]
      const [s] = windows[i] as [number, number]
      expect(s).toBeGreaterThan(ps)
      expect(pe - s).toBe(Math.floor((pe - ps) / 4))
    }
  })

  it('gives one window to a short text and to an over-long single word', () => {
    expect(planWindows([3, 4, 5])).toEqual([[0, 3]])
    expect(planWindows([1, 999, 1], 10)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ])
    expect(planWindows([])).toEqual([])
  })
})

describe('loadEmbedder with the generated tiny model (real transformers.js + onnxruntime)', () => {
  let model: TestModel
  let embedder: Embedder
  const logs: string[] = []

  beforeAll(async () => {
    model = await ensureTestModel()
    embedder = await loadEmbedder(
      loadBaseConfig({ MODELS_DIR: model.modelsDir, EMBEDDING_MODEL: model.model }),
      {
        log: (m) => logs.push(m),
      },
    )
  })

  it('loads locally without warnings and never enables remote loading', () => {
    expect(embedder.status).toBe('ready')
    expect(embedder.dim).toBe(model.dim)
    expect(embedder.model).toBe(model.model)
    expect(logs).toEqual([])
    expect(env.allowRemoteModels).toBe(false)
  })

  it('returns normalised vectors, deterministically, independent of batching', async () => {
    const texts = [
      'Revenue grew in the fourth quarter.',
      'The board of directors has nine members and a chair.',
    ]
    const [a, b] = await embedder.embedDocuments(texts)
    const [again] = await embedder.embedDocuments([texts[0] as string])
    expect(a).toHaveLength(1)
    expect(a?.[0]).toHaveLength(model.dim)
    expect(Math.hypot(...(a?.[0] ?? []))).toBeCloseTo(1, 5)
    expect(Array.from(again?.[0] ?? [])).toEqual(Array.from(a?.[0] ?? []).map((x) => expect.closeTo(x, 6)))
    expect(dot(a?.[0] as Float32Array, b?.[0] as Float32Array)).toBeLessThan(0.99)
    const q = await embedder.embedQuery(texts[0] as string)
    expect(dot(q, a?.[0] as Float32Array)).toBeCloseTo(1, 5)
  })

  it('ranks a relevant text above an irrelevant one', async () => {
    const [lease, voting] = await embedder.embedDocuments([
      'The company leases office space for its headquarters in Menlo Park.',
      'Our founder controls a majority of the voting power of our capital stock.',
    ])
    const q = await embedder.embedQuery('Who controls the vote?')
    expect(dot(q, voting?.[0] as Float32Array)).toBeGreaterThan(dot(q, lease?.[0] as Float32Array) + 0.2)
  })

  it('embeds a long chunk as several windows, so its end is as visible as its start', async () => {
    // 300 words of one topic, then 120 of another that only later windows can see.
    const filler = Array.from(
      { length: 300 },
      (_, i) => ['revenue', 'growth', 'quarter', 'annual'][i % 4],
    ).join(' ')
    const text = `${filler} ${'Starlink satellites launch on reusable rockets into orbit. '.repeat(15)}`
    const [windows] = await embedder.embedDocuments([text])
    expect(windows?.length).toBeGreaterThan(1)
    const q = await embedder.embedQuery('Starlink satellites')
    const best = Math.max(...(windows ?? []).map((w) => dot(q, w)))
    // The first window never saw the last sentence; the best window did.
    expect(best).toBeGreaterThan(dot(q, windows?.[0] as Float32Array) + 0.2)
  })

  it('keeps every window within the model’s 256 word pieces', async () => {
    // Words outside the tiny vocabulary cost one piece per character: windows must shrink.
    const text = Array.from({ length: 300 }, (_, i) => `zq${i}xw`).join(' ')
    const [windows] = await embedder.embedDocuments([text])
    const pieces = 'zq0xw'.length // z ##q ##0 ##x ##w
    expect(windows?.length).toBeGreaterThanOrEqual(Math.ceil((300 * pieces) / WINDOW_PIECES))
    expect(MAX_TOKENS).toBe(256)
  })
})

describe('the generated test model', () => {
  it('is byte-for-byte deterministic', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-gen-'))
    try {
      writeTestModel(join(dir, 'a'))
      writeTestModel(join(dir, 'b'))
      for (const f of [
        'config.json',
        'tokenizer.json',
        'tokenizer_config.json',
        'onnx/model_quantized.onnx',
      ]) {
        expect(readFileSync(join(dir, 'a', f)).equals(readFileSync(join(dir, 'b', f))), f).toBe(true)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('loadEmbedder without a model', () => {
  it('returns a missing embedder with one clear warning and never throws', async () => {
    const logs: string[] = []
    const e = await loadEmbedder(loadBaseConfig({ MODELS_DIR: '/nonexistent/models' }), {
      log: (m) => logs.push(m),
    })
    expect(e.status).toBe('missing')
    expect(e.dim).toBeNull()
    expect(e.reason).toMatch(/models:fetch/)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatch(/keyword-only/)
    await expect(e.embedQuery('x')).rejects.toThrow(/No embedding model/)
  })

  it('reports a corrupt model as missing instead of crashing', async () => {
    const model = await ensureTestModel()
    const dir = mkdtempSync(join(tmpdir(), 'asks1-models-'))
    try {
      cpSync(join(model.modelsDir, model.model), join(dir, model.model), { recursive: true })
      writeFileSync(join(dir, model.model, 'onnx', 'model_quantized.onnx'), 'not an onnx file')
      const logs: string[] = []
      const e = await loadEmbedder(loadBaseConfig({ MODELS_DIR: dir, EMBEDDING_MODEL: model.model }), {
        log: (m) => logs.push(m),
      })
      expect(e.status).toBe('missing')
      expect(e.reason).toMatch(/could not be loaded/)
      expect(logs).toHaveLength(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
