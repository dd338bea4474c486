/**
 * The Markdown report is formatted as Biome formats Markdown, so `pnpm lint` passes on a committed
 * report. End-to-end: it runs the Biome binary on the report.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportMarkdown } from '../src/report'
import { report } from './report-fixture'

describe('Markdown report', () => {
  it('is formatted exactly as Biome formats Markdown (so pnpm lint passes on it)', () => {
    const md = `${reportMarkdown(report({ answer_mode: 'llm', llm_model: 'claude-haiku-4-5' }))}\n`
    const biome = resolve(import.meta.dirname, '../../node_modules/.bin/biome')
    const r = spawnSync(biome, ['format', '--stdin-file-path=eval/report.md'], {
      input: md,
      encoding: 'utf8',
    })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toBe(md)
  })
})
