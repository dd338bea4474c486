/**
 * The amendment evaluation: the real EDGAR pair against its known changes, and the synthetic pairs of
 * each bundled filing. Reads the documents with ingest's page reader (as `ingest amend` does), then
 * scores the pure report; nothing is stored.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { readPages } from '@asks1/ingest'
import { compareVersions } from '@asks1/shared/amend'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { type KnownChange, type PairScore, scorePair } from './score'
import { syntheticPairs } from './synthetic'

export interface KnownPairFile {
  pair: string
  before: string
  after: string
  note?: string
  known: KnownChange[]
}

export interface AmendEval {
  pairs: (PairScore & { reportMs: number })[]
  total: {
    reported: number
    correct: number
    known: number
    found: number
    precision: number
    recall: number
  }
}

/** Reads a known-pair file; its document paths are relative to the repository root (its own folder's parent). */
export function loadKnownPair(
  path: string,
  root: string,
): KnownPairFile & { beforePath: string; afterPath: string } {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as KnownPairFile
  return { ...raw, beforePath: resolve(root, raw.before), afterPath: resolve(root, raw.after) }
}

function timed(before: readonly PageRecord[], after: readonly PageRecord[]) {
  const t0 = performance.now()
  const report = compareVersions(before, after)
  return { report, ms: performance.now() - t0 }
}

export async function evaluateAmendments(opts: {
  knownPairs: string[]
  samples: string[]
  root: string
  log?: (line: string) => void
}): Promise<AmendEval> {
  const pairs: AmendEval['pairs'] = []
  for (const file of opts.knownPairs) {
    const k = loadKnownPair(file, opts.root)
    opts.log?.(`reading ${k.beforePath} and ${k.afterPath}`)
    const [a, b] = [(await readPages(k.beforePath)).pages, (await readPages(k.afterPath)).pages]
    const { report, ms } = timed(a, b)
    pairs.push({ ...scorePair(k.pair, report, k.known), reportMs: ms })
  }
  for (const sample of opts.samples) {
    opts.log?.(`reading ${sample}`)
    const { pages } = await readPages(sample)
    for (const s of syntheticPairs(pages)) {
      const { report, ms } = timed(pages, s.after)
      pairs.push({ ...scorePair(`${sample.split('/').pop()}: ${s.name}`, report, s.known), reportMs: ms })
    }
  }
  const sum = (f: (p: PairScore) => number) => pairs.reduce((n, p) => n + f(p), 0)
  const reported = sum((p) => p.reported)
  const correct = sum((p) => p.correct)
  const known = sum((p) => p.known)
  const found = sum((p) => p.found)
  return {
    pairs,
    total: {
      reported,
      correct,
      known,
      found,
      precision: reported ? correct / reported : 1,
      recall: known ? found / known : 1,
    },
  }
}

export const defaultKnownPairs = (root: string) => [resolve(root, 'eval/amend/tr-finance.json')]
export const defaultSamples = (root: string) => [
  resolve(root, 'samples/pandora-s1.htm'),
  resolve(root, 'samples/facebook-s1.pdf'),
]
export const repoRoot = (evalSrc: string) => resolve(dirname(evalSrc), '../..')
