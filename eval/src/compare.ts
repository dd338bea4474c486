/**
 * `pnpm eval --compare <baseline.json>`: every headline figure of a report against a committed
 * baseline run, with a verdict per figure (timings within their run-to-run noise count as the same).
 */
import type { PagesResult } from './report'

/** Numeric leaves of an object as dotted paths (`answers.latency_ms.p50`). */
export function numericLeaves(value: unknown, prefix = ''): Map<string, number> {
  const out = new Map<string, number>()
  if (typeof value === 'number' && Number.isFinite(value)) out.set(prefix, value)
  else if (value !== null && typeof value === 'object' && !Array.isArray(value))
    for (const [k, v] of Object.entries(value))
      for (const [p, n] of numericLeaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, n)
  return out
}

// Figures where a smaller number is the better one.
const LOWER_IS_BETTER = /latency|false_refusal|cost|skipped|errors|tokens|seconds/

const TIMING = /latency|seconds/
/** A timing counts as changed only beyond 25% of the baseline and 1 ms. */
export const TIMING_REL = 0.25
export const TIMING_ABS_MS = 1

export interface Delta {
  path: string
  baseline: number | null
  current: number | null
  delta: number | null
  verdict: 'better' | 'worse' | 'same' | 'new' | 'gone'
}

/** Deltas of the headline blocks (`retrieval`, `answers`, per-file page accuracy) against a baseline. */
export function compareReports(current: unknown, baseline: unknown): Delta[] {
  const pick = (r: unknown) => {
    const o = (r ?? {}) as Record<string, unknown>
    const pages = Array.isArray(o.pages)
      ? Object.fromEntries((o.pages as PagesResult[]).map((p) => [p.filing, p.accuracy]))
      : {}
    return numericLeaves({ retrieval: o.retrieval, answers: o.answers, pages })
  }
  const cur = pick(current)
  const base = pick(baseline)
  const paths = [...new Set([...base.keys(), ...cur.keys()])]
  return paths.map((path) => {
    const b = base.get(path) ?? null
    const c = cur.get(path) ?? null
    if (b === null) return { path, baseline: null, current: c, delta: null, verdict: 'new' as const }
    if (c === null) return { path, baseline: b, current: null, delta: null, verdict: 'gone' as const }
    const delta = Math.round((c - b) * 1e6) / 1e6
    const up = LOWER_IS_BETTER.test(path) ? delta < 0 : delta > 0
    // Timings wobble from run to run on a shared machine: within the tolerance they count as the same.
    const noise = TIMING.test(path) && Math.abs(delta) <= Math.max(TIMING_ABS_MS, TIMING_REL * Math.abs(b))
    return {
      path,
      baseline: b,
      current: c,
      delta,
      verdict: delta === 0 || noise ? 'same' : up ? 'better' : 'worse',
    }
  })
}

export function formatDeltas(deltas: readonly Delta[], opts: { all?: boolean } = {}): string {
  const shown = opts.all ? deltas : deltas.filter((d) => d.verdict !== 'same')
  if (shown.length === 0) return 'No change against the baseline.'
  const width = Math.max(...shown.map((d) => d.path.length))
  const n = (x: number | null) => (x === null ? '–' : String(Math.round(x * 10000) / 10000))
  const lines = shown.map((d) => {
    const sign = d.delta === null ? '' : d.delta > 0 ? '+' : ''
    const change = d.delta === null ? '' : ` (${sign}${n(d.delta)})`
    return `${d.path.padEnd(width)}  ${n(d.baseline)} -> ${n(d.current)}${change}  ${d.verdict}`
  })
  const worse = deltas.filter((d) => d.verdict === 'worse').length
  const better = deltas.filter((d) => d.verdict === 'better').length
  return [...lines, `${better} better, ${worse} worse than the baseline.`].join('\n')
}
