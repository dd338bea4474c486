/**
 * The generated /openapi.json passes Redocly's recommended rules (server/openapi/redocly.yaml, with
 * its documented exceptions), offline: the CLI runs, as a child process, on a copy of the document
 * beside that policy.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from './helper'

const SERVER = resolve(import.meta.dirname, '..')

describe('OpenAPI document', () => {
  const suite = useTestApp()
  let doc: unknown
  beforeAll(async () => {
    doc = (await suite.app.inject('/openapi.json')).json()
  })

  it('passes `redocly lint` with the recommended rules', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asks1-openapi-'))
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2))
      copyFileSync(join(SERVER, 'openapi/redocly.yaml'), join(dir, 'redocly.yaml'))
      copyFileSync(join(SERVER, 'openapi/.redocly.lint-ignore.yaml'), join(dir, '.redocly.lint-ignore.yaml'))
      const run = spawnSync(
        join(SERVER, 'node_modules/.bin/redocly'),
        ['lint', '--format', 'stylish', '--max-problems', '50', 'openapi.json'],
        {
          cwd: dir,
          encoding: 'utf8',
          // Offline: no telemetry, no update check.
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            CI: 'true',
          },
        },
      )
      const output = `${run.stdout}\n${run.stderr}`
      expect(run.status, output).toBe(0)
      expect(output).not.toMatch(/\b(warning|error)\b\s+\S+/)
      expect(output).toMatch(/Your API description is valid/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
