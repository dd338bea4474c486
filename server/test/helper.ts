/**
 * Test support: a temp DATA_DIR with a real SQLite store seeded with a small hand-written filing
 * (pages with known figures), a registry file, and `buildTestApp` around the real `buildApp`.
 * Nothing here is a fake except the Claude API (see ../testing/fake-anthropic.ts): no network is allowed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import type { Chunk, PageRecord } from '@asks1/shared/contract/chunk'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { type Embedder, missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { openStore, type Store } from '@asks1/shared/store'
import { sign as signCookie } from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type AppOptions, buildApp } from '../src/app'
import { loadServerConfig, type ServerConfig } from '../src/config'
import type { StartupState } from '../src/startup'
import { type FakeAnthropic, startFakeAnthropic } from '../testing/fake-anthropic'

/** The session-cookie secret of every test app, so tests can sign a session of their choosing. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdefghij'

/** A session cookie header as the server would set it (signed), for a session id a test picks. */
export const sessionCookie = (id: string, name = 'asks1_session'): Record<string, string> => ({
  cookie: `${name}=${signCookie(id, TEST_SESSION_SECRET)}`,
})

export const SAMPLES = resolve(import.meta.dirname, '../../samples')

/** Printed pages of the hand-written test filing ("Acme Rockets"), figures chosen to be checkable. */
export const ACME_PAGES: PageRecord[] = [
  {
    label: '1',
    pdfPages: [3],
    matter: 'body',
    text: 'Acme Rockets, Inc. designs and launches reusable rockets for satellite operators. Our revenue was $3,711 million in 2011, an increase of 88% from 2010.',
  },
  {
    label: '2',
    pdfPages: [4],
    matter: 'body',
    text: 'We had 845 million monthly active users as of December 31, 2011. Our founder holds 57.1% of the voting power after this offering.',
  },
  {
    label: '3',
    pdfPages: [5, 6],
    matter: 'body',
    text: 'Risk factors: competition from larger launch providers could reduce our launch prices and revenue.',
  },
  {
    label: 'F-1',
    pdfPages: [40],
    matter: 'body',
    text: 'Consolidated statements of operations. Net income was $1,000 million for the year ended December 31, 2011.',
  },
]

/** Chunks as ingest writes them: tagged text, a tag at each page start. */
export function chunksOf(filing: string, pages: PageRecord[], perChunk = 2): Chunk[] {
  const chunks: Chunk[] = []
  for (let i = 0; i < pages.length; i += perChunk) {
    const group = pages.slice(i, i + perChunk)
    chunks.push({
      id: `${filing}-${i / perChunk}`,
      filing,
      version: 'unset',
      ordinal: i / perChunk,
      text: group.map((p) => `[p.${p.label}] ${p.text}`).join(' '),
      pages: group.map((p) => p.label),
      pdfPages: group.flatMap((p) => p.pdfPages),
      section: i === 0 ? 'Prospectus summary' : null,
      fallback: false,
    })
  }
  return chunks
}

/** Writes one live version of a filing into a real store (keyword-only: no vectors). */
export async function seedFiling(store: Store, key: string, pages = ACME_PAGES): Promise<void> {
  const writer = await store.beginVersion(key, { dim: null })
  await writer.addPages(pages)
  await writer.addChunks(chunksOf(key, pages).map((chunk) => ({ chunk, vectors: [] })))
  await writer.commit({ meta: { source: 'test' } })
}

export interface TestEnv {
  dir: string
  registryPath: string
  config: ServerConfig
  store: Store
  embedder: Embedder
  cleanup(): Promise<void>
}

/**
 * A temp DATA_DIR and registry with two filings: `acme-s1` (seeded unless `seed: false`) and
 * `globex-s1` (never ingested). Sources point at the real samples so the registry validates.
 */
export async function makeEnv(
  opts: { env?: Record<string, string>; seed?: boolean; embedder?: Embedder } = {},
): Promise<TestEnv> {
  const dir = mkdtempSync(join(tmpdir(), 'asks1-server-'))
  const registryPath = join(dir, 'filings.json')
  writeFileSync(
    registryPath,
    JSON.stringify({
      filings: [
        {
          id: 'acme-s1',
          company: 'Acme Rockets, Inc.',
          ticker: 'ACME',
          form: 'S-1',
          filed: '2012-02-01',
          edgarUrl: 'https://www.sec.gov/Archives/edgar/data/1/acme.htm',
          source: join(SAMPLES, 'pandora-s1.htm'),
          collection: 'acme-s1',
          questions: ['What was Acme revenue in 2011?'],
          chips: ['Revenue'],
          placeholder: 'Ask about Acme',
          default: true,
        },
        {
          id: 'globex-s1',
          company: 'Globex Corporation',
          ticker: 'GLBX',
          form: 'S-1/A',
          filed: '2013-05-01',
          edgarUrl: 'https://www.sec.gov/Archives/edgar/data/2/globex.htm',
          source: join(SAMPLES, 'pandora-s1.htm'),
          collection: 'globex-s1',
          questions: ['What does Globex do?'],
          chips: [],
        },
      ],
    }),
  )
  const config = loadServerConfig({
    DATA_DIR: join(dir, 'data'),
    FILINGS_CONFIG: registryPath,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
    SESSION_SECRET: TEST_SESSION_SECRET,
    // Every inject comes from 127.0.0.1: the per-address cap has its own tests (spend.test.ts).
    ANON_QUESTIONS_PER_IP_PER_DAY: '100000',
    ...opts.env,
  })
  const store = await openStore(config)
  if (opts.seed !== false) await seedFiling(store, 'acme-s1')
  return {
    dir,
    registryPath,
    config,
    store,
    embedder: opts.embedder ?? missingEmbedder('tests run keyword-only unless they load the tiny model'),
    async cleanup() {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function buildTestApp(
  env: TestEnv,
  opts: {
    anthropic?: Anthropic | null
    startup?: StartupState
    config?: Partial<ServerConfig>
    /** The clock every allowance window reads (tests move it across midnight). */
    now?: () => number
    retrievalFeatures?: AppOptions['retrievalFeatures']
  } = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: { ...env.config, ...opts.config },
    registry: loadRegistry(env.registryPath),
    store: env.store,
    embedder: env.embedder,
    anthropic: opts.anthropic ?? null,
    ...(opts.startup ? { startup: opts.startup } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.retrievalFeatures ? { retrievalFeatures: opts.retrievalFeatures } : {}),
    logger: false,
  })
}

/**
 * One app on one fresh env (`makeEnv` then `buildTestApp`) for the tests of the calling file or
 * describe: built in its beforeAll, closed and removed in its afterAll. Read `suite.app` and
 * `suite.env` inside tests (they are set once beforeAll has run).
 */
export function useTestApp(): { readonly env: TestEnv; readonly app: FastifyInstance } {
  const suite = {} as { env: TestEnv; app: FastifyInstance }
  beforeAll(async () => {
    suite.env = await makeEnv()
    suite.app = await buildTestApp(suite.env)
  })
  afterAll(async () => {
    await suite.app?.close()
    await suite.env?.cleanup()
  })
  return suite
}

/**
 * A suite's environment and a local fake of the Messages API, started once and emptied of queued
 * replies and recorded requests before each test, so a test sees only its own calls.
 */
export function useFakeAnthropic(): { readonly env: TestEnv; readonly fake: FakeAnthropic } {
  const suite = {} as { env: TestEnv; fake: FakeAnthropic }
  beforeAll(async () => {
    suite.env = await makeEnv()
    suite.fake = await startFakeAnthropic()
  })
  afterAll(async () => {
    await suite.fake?.close()
    await suite.env?.cleanup()
  })
  beforeEach(() => {
    suite.fake.queue.length = 0
    suite.fake.requests.length = 0
  })
  return suite
}

/** A real SDK client pointed at the local fake; few retries with no backoff wait so tests stay quick. */
export function fakeClient(baseURL: string, opts: { maxRetries?: number; timeout?: number } = {}): Anthropic {
  return new Anthropic({
    apiKey: 'sk-ant-test-key',
    baseURL,
    maxRetries: opts.maxRetries ?? 0,
    timeout: opts.timeout ?? 5000,
  })
}

/** Parses a server-sent-events body into events. */
export function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n')
      return { event, data: JSON.parse(data) }
    })
}
