/** The seeded ground-truth samples in test/fixtures/groundtruth (from ../shared/data/groundtruth). */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { GroundTruthSentence } from '../src/accuracy'

export const ROOT = resolve(import.meta.dirname, '../..')

export function groundTruth(name: string): GroundTruthSentence[] {
  return readFileSync(resolve(import.meta.dirname, 'fixtures/groundtruth', `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as GroundTruthSentence)
}
