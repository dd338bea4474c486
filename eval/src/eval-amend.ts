/**
 * `pnpm eval:amend [--json] [--pair FILE]… [--sample FILE]…`: precision and recall of the amendment
 * change report against known changes (the real EDGAR pair in eval/amend/, and synthetic pairs made
 * from the bundled S-1s: a price range filled in, a risk factor added, a capitalization figure
 * changed, a section moved). With --json, standard output carries only `{"amendments": {...}}`.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT_DIR } from '@asks1/shared/config'
import { defaultKnownPairs, defaultSamples, evaluateAmendments } from './amend/run'
import { runCli } from './cli'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      pair: { type: 'string', multiple: true },
      sample: { type: 'string', multiple: true },
    },
  })
  const log = (line: string) => process.stderr.write(`${line}\n`)
  const result = await evaluateAmendments({
    knownPairs: values.pair?.map((p) => resolve(p)) ?? defaultKnownPairs(ROOT_DIR),
    samples: values.sample?.map((p) => resolve(p)) ?? defaultSamples(ROOT_DIR),
    root: ROOT_DIR,
    log,
  })
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ amendments: result }, null, 2)}\n`)
    return 0
  }
  const lines = [
    '| pair | reported | correct | known | found | precision | recall | report time |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const p of result.pairs)
    lines.push(
      `| ${p.pair} | ${p.reported} | ${p.correct} | ${p.known} | ${p.found} | ${pct(p.precision)} | ${pct(p.recall)} | ${p.reportMs.toFixed(0)} ms |`,
    )
  const t = result.total
  lines.push(
    `| **all** | ${t.reported} | ${t.correct} | ${t.known} | ${t.found} | ${pct(t.precision)} | ${pct(t.recall)} | |`,
  )
  for (const p of result.pairs) {
    for (const m of p.missed) lines.push(`MISSED   ${p.pair}: ${m.id} (${m.description})`)
    for (const s of p.spurious) lines.push(`SPURIOUS ${p.pair}: ${s.kind} ${s.cite}: ${s.text.slice(0, 160)}`)
  }
  process.stdout.write(`${lines.join('\n')}\n`)
  return 0
}

runCli('usage: pnpm eval:amend [--json] [--pair FILE]… [--sample FILE]…', async () => {
  process.exitCode = await main()
})
