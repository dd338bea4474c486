/**
 * `pnpm bench:api`: loads the real server and prints req/s and latency percentiles for /filings,
 * /sources (page and search) and /ask in extractive mode.
 *
 * The server runs as its own process (`tsx server/src/server.ts`, exactly as `pnpm start` runs it)
 * on 127.0.0.1 with a scratch DATA_DIR, so it ingests the bundled Pandora S-1 on start-up, and the
 * load generator (autocannon, in this process) does not share its event loop. Session, per-address
 * and rate limits are raised for the run (each of them would otherwise end it with 429s after
 * 8 / 40 / 60 requests); everything else is the default configuration. The embedding model is used when
 * MODELS_DIR has it (as `pnpm start` would), otherwise retrieval is keyword-only; the output says which.
 *
 * Then two more processes on the same data share one redis-server (STATE=redis, append-only file
 * fsynced each second, as in the compose `scale` profile) and /filings and /ask run against both at once:
 * req/s summed, latency percentiles merged, printed beside the embedded figures.
 *
 * Options: --duration <s> (per run, default 5), --connections <n> (throughput runs, default 8),
 * --filing <id> (default pandora-s1), --keep (keep the scratch directory).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ReadyReply } from '@asks1/server/schemas'
import { freePort, type RedisProcess, startRedis } from '@asks1/server/testing/redis-server'
import { ROOT_DIR } from '@asks1/shared/config'
import type { FilingsReply } from '@asks1/shared/contract/api'
import autocannon from 'autocannon'
import { runCli } from './cli'
import { percentile } from './metrics'

const USAGE = 'usage: pnpm bench:api [--duration S] [--connections N] [--filing ID] [--keep]'

const say = (msg: string) => process.stderr.write(`${msg}\n`)

/** A run's latency percentile (`percentile`, nearest rank); NaN, printed "-", when nothing answered. */
const latency = (ms: readonly number[], p: number) => percentile(ms, p) ?? Number.NaN

interface Target {
  name: string
  method: 'GET' | 'POST'
  /** One request per entry, cycled (different questions, pages). */
  requests: { path: string; body?: string }[]
}

interface RunResult {
  name: string
  connections: number
  requests: number
  rps: number
  p50: number
  p95: number
  p99: number
  non2xx: number
}

/** One autocannon run against one server; every latency is kept (its summary has no p95). */
function cannon(
  base: string,
  t: Target,
  conns: number,
  duration: number,
  latencies: number[],
): Promise<autocannon.Result> {
  const opts: autocannon.Options = {
    url: base,
    connections: conns,
    duration,
    requests: t.requests.map((r) => ({
      method: t.method,
      path: r.path,
      ...(r.body
        ? {
            body: r.body,
            headers: { 'content-type': 'application/json' },
          }
        : {}),
    })),
  }
  return new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(opts, (err, res) => (err ? fail(err) : done(res)))
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms))
  })
}

/** Load on every server at once (connections split between them); req/s summed, percentiles merged. */
async function run(
  bases: string[],
  t: Target,
  conns: number,
  duration: number,
  name = t.name,
): Promise<RunResult> {
  const latencies: number[] = []
  const per = Math.max(1, Math.round(conns / bases.length))
  const results = await Promise.all(bases.map((b) => cannon(b, t, per, duration, latencies)))
  return {
    name,
    connections: per * bases.length,
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: latency(latencies, 50),
    p95: latency(latencies, 95),
    p99: latency(latencies, 99),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  }
}

async function waitReady(base: string, child: ChildProcess, timeoutMs = 600_000): Promise<ReadyReply> {
  const t0 = Date.now()
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${base}/ready`)
      if (res.ok) return (await res.json()) as ReadyReply
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become ready in time')
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
      filing: { type: 'string', default: 'pandora-s1' },
      keep: { type: 'boolean', default: false },
    },
  })
  const duration = Number(args.duration)
  const connections = Number(args.connections)
  const dir = mkdtempSync(join(tmpdir(), 'asks1-bench-api-'))
  const registry = JSON.parse(readFileSync(resolve(ROOT_DIR, 'filings.json'), 'utf8')) as {
    filings: { id: string; source: string; default?: boolean; questions: string[] }[]
  }
  const entry = registry.filings.find((f) => f.id === args.filing)
  if (!entry) throw new Error(`no filing "${args.filing}" in filings.json`)
  const registryPath = join(dir, 'filings.json')
  writeFileSync(
    registryPath,
    JSON.stringify({
      filings: [{ ...entry, source: resolve(ROOT_DIR, entry.source), default: true }],
    }),
  )
  const dataDir = join(dir, 'data')
  /** The server as `pnpm start` runs it, limits raised so the runs measure work, not 429s. */
  const startServer = async (env: Record<string, string> = {}) => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT_DIR, 'server/src/server.ts')], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        FILINGS_CONFIG: registryPath,
        WEB_DIST: join(dir, 'no-web'),
        ANTHROPIC_API_KEY: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
        SESSION_QUESTION_LIMIT: '1000000000',
        ANON_QUESTIONS_PER_IP_PER_DAY: '1000000000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(child)
    return { base: `http://127.0.0.1:${port}`, child }
  }
  const children: ChildProcess[] = []
  let redis: RedisProcess | undefined
  const { base, child } = await startServer()
  say(`starting the server on ${base} with a scratch DATA_DIR (${dir}); it ingests ${entry.id} first`)
  const t0 = Date.now()
  try {
    const ready = await waitReady(base, child)
    say(`ready after ${((Date.now() - t0) / 1000).toFixed(1)} s (start-up + ingest)`)
    const filings = (await (await fetch(`${base}/filings`)).json()) as FilingsReply
    const status = filings.filings[0]?.status
    const pages: string[] = []
    for (let p = 1; p <= 200 && pages.length < 20; p += 7) {
      const res = await fetch(`${base}/sources?filing=${entry.id}&page=${p}`)
      if (res.ok) pages.push(String(p))
    }
    const questions = [
      ...entry.questions,
      'What was net loss?',
      'How many active users?',
      'Who are the underwriters?',
    ]
    const targets: Target[] = [
      { name: 'GET /filings', method: 'GET', requests: [{ path: '/filings' }] },
      {
        name: 'GET /sources?page=',
        method: 'GET',
        requests: pages.map((p) => ({ path: `/sources?filing=${entry.id}&page=${p}` })),
      },
      {
        name: 'GET /sources?q=',
        method: 'GET',
        requests: questions.map((q) => ({
          path: `/sources?filing=${entry.id}&q=${encodeURIComponent(q)}&k=6`,
        })),
      },
      {
        name: 'POST /ask (extractive)',
        method: 'POST',
        requests: questions.map((q) => ({
          path: '/ask',
          body: JSON.stringify({ filing: entry.id, question: q }),
        })),
      },
    ]
    const results: RunResult[] = []
    for (const t of targets) {
      for (const c of [1, connections]) {
        say(`${t.name}: ${c} connection(s), ${duration} s`)
        results.push(await run([base], t, c, duration))
      }
    }
    // Two processes sharing one Redis (as the compose `scale` profile runs), on the ingested data.
    redis = await startRedis({ appendonly: 'everysec' })
    const shared = [
      await startServer({ STATE: 'redis', REDIS_URL: redis.url, INGEST_ON_START: 'false' }),
      await startServer({ STATE: 'redis', REDIS_URL: redis.url, INGEST_ON_START: 'false' }),
    ]
    for (const s of shared) await waitReady(s.base, s.child)
    for (const t of targets.filter((t) => t.name === 'GET /filings' || t.name.startsWith('POST /ask'))) {
      say(`${t.name}: 2 processes on STATE=redis, ${connections} connections, ${duration} s`)
      results.push(
        await run(
          shared.map((s) => s.base),
          t,
          connections,
          duration,
          `${t.name}, 2 × STATE=redis`,
        ),
      )
    }
    const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-')
    const lines = [
      `AskS1 API benchmark: ${entry.id} (${status?.chunks} chunks, ${status?.pages} pages), retrieval ${
        ready.embedder.status === 'ready'
          ? `hybrid (${ready.embedder.model})`
          : 'keyword-only (no embedding model)'
      }, answers ${ready.answers.mode}; ${duration} s per run; node ${process.version}`,
      '',
      '| Route | Connections | Requests | Req/s | p50 ms | p95 ms | p99 ms | Non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.connections} | ${r.requests} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.non2xx} |`,
      ),
    ]
    const ask = results.find((r) => r.name.startsWith('POST /ask') && r.connections === 1)
    if (ask)
      lines.push(
        '',
        `Target: extractive /ask p95 <= 50 ms (1 connection): ${fmt(ask.p95)} ms -> ${ask.p95 <= 50 ? 'met' : 'NOT met'}`,
      )
    process.stdout.write(`${lines.join('\n')}\n`)
  } finally {
    await Promise.all(
      children.map(
        (c) =>
          new Promise((r) => {
            if (c.exitCode !== null) return r(null)
            c.once('exit', r)
            c.kill('SIGTERM')
          }),
      ),
    )
    await redis?.cleanup()
    if (!args.keep) rmSync(dir, { recursive: true, force: true })
  }
}

runCli(USAGE, main)
