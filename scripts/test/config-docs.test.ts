/**
 * Every environment variable the code reads is documented in `.env.example` and the README, so the
 * configuration reference cannot drift from the schemas.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ServerConfigProperties } from '../../server/src/config'
import { ALL_FEATURES } from '../../shared/src/retrieval/features'

const root = join(import.meta.dirname, '../..')
const read = (p: string) => readFileSync(join(root, p), 'utf8')
// Read outside the server schema: the ingest CLI (--edgar) and the evaluation commands.
const extra = ['EDGAR_USER_AGENT', 'ASKS1_SHARED_DATA', 'RETRIEVAL_OFF', 'RETRIEVAL_ON']
const names = [...Object.keys(ServerConfigProperties), ...extra]

describe('configuration reference', () => {
  it.each(['.env.example', 'README.md'])('%s documents every variable', (file) => {
    const text = read(file)
    const missing = names.filter((n) => !new RegExp(`\\b${n}\\b`).test(text))
    expect(missing).toEqual([])
  })

  it('.env.example shows the schema defaults', () => {
    const text = read('.env.example')
    for (const [name, schema] of Object.entries(ServerConfigProperties)) {
      const def = (schema as { default?: unknown }).default
      if (def === undefined || (typeof def === 'string' && def.startsWith(root))) continue
      expect(text, name).toMatch(
        new RegExp(`^# ${name}=${String(def).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`, 'm'),
      )
    }
  })

  it('.env.example and docs/retrieval.md name every retrieval switch under the variable that flips it', () => {
    const env = read('.env.example')
    const doc = read('docs/retrieval.md')
    for (const [name, on] of Object.entries(ALL_FEATURES)) {
      const variable = on ? 'RETRIEVAL_OFF' : 'RETRIEVAL_ON'
      expect(env, name).toMatch(new RegExp(`^# ${variable}=.*\\b${name}\\b`, 'm'))
      expect(doc, name).toMatch(new RegExp(`${variable}=[a-z,]*\\b${name}\\b`))
    }
  })
})
