/**
 * Static checks of the deployment files: no Docker engine runs here, so the compose file and the
 * Dockerfile are checked for the properties the stack relies on (CI also runs `docker-compose config -q`).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = join(import.meta.dirname, '../..')
const read = (p: string) => readFileSync(join(root, p), 'utf8')

interface Service {
  image?: string
  build?: string
  profiles?: string[]
  command?: string[]
  ports?: string[]
  deploy?: { replicas?: number }
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  environment?: Record<string, string>
  volumes?: string[]
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: object }
  const { qdrant, server } = compose.services

  it('pins Qdrant within one minor version of the JS client', () => {
    const pkg = JSON.parse(read('shared/package.json')) as { dependencies: Record<string, string> }
    const client = /(\d+)\.(\d+)/.exec(pkg.dependencies['@qdrant/js-client-rest'] ?? '')
    const image = /qdrant\/qdrant:v(\d+)\.(\d+)\.\d+$/.exec(qdrant?.image ?? '')
    expect(client && image).toBeTruthy()
    expect(image?.[1]).toBe(client?.[1])
    expect(Math.abs(Number(image?.[2]) - Number(client?.[2]))).toBeLessThanOrEqual(1)
  })

  it('keeps Qdrant data on a named volume and health-checks it without curl', () => {
    expect(qdrant?.volumes?.some((v) => v.startsWith('qdrant_storage:'))).toBe(true)
    expect(compose.volumes).toHaveProperty('qdrant_storage')
    expect(qdrant?.healthcheck?.test.join(' ')).toMatch(/\/dev\/tcp.*readyz/)
    expect(qdrant?.healthcheck?.test.join(' ')).not.toMatch(/curl|wget/)
  })

  it('runs the server on the Qdrant store once Qdrant is healthy, and health-checks /ready', () => {
    expect(server?.build).toBe('.')
    expect(server?.depends_on?.qdrant?.condition).toBe('service_healthy')
    expect(server?.environment).toMatchObject({
      STORE: 'qdrant',
      QDRANT_URL: 'http://qdrant:6333',
      HOST: '0.0.0.0',
    })
    expect(server?.healthcheck?.test.join(' ')).toContain('/ready')
  })
})

describe('docker-compose.yml, profile scale', () => {
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: object }
  const { redis, ingest, app, proxy, server } = compose.services

  it('adds Redis, an ingest job, replicas and a proxy only under the scale profile', () => {
    for (const s of [redis, ingest, app, proxy]) expect(s?.profiles).toEqual(['scale'])
    expect(server?.profiles).toBeUndefined()
  })

  it('runs an official Redis that logs every write to its append-only file and is health-checked', () => {
    expect(redis?.image).toMatch(/^redis:\d+\.\d+(-alpine)?$/)
    expect(redis?.command?.join(' ')).toMatch(/--appendonly yes --appendfsync (always|everysec)/)
    expect(redis?.volumes?.some((v) => v.startsWith('redis_data:'))).toBe(true)
    expect(compose.volumes).toHaveProperty('redis_data')
    expect(redis?.healthcheck?.test.join(' ')).toContain('redis-cli ping')
  })

  it('scales the server on Redis state and the Qdrant store, after the ingest job', () => {
    expect(app?.deploy?.replicas).toBeGreaterThanOrEqual(2)
    expect(app?.ports).toBeUndefined()
    expect(app?.image).toBe(server?.image)
    expect(app?.environment).toMatchObject({
      STATE: 'redis',
      REDIS_URL: 'redis://redis:6379',
      STORE: 'qdrant',
      QDRANT_URL: 'http://qdrant:6333',
      TRUST_PROXY: '1',
      INGEST_ON_START: 'false',
    })
    expect(app?.depends_on).toEqual({
      qdrant: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      ingest: { condition: 'service_completed_successfully' },
    })
    expect(app?.healthcheck?.test.join(' ')).toContain('/ready')
    // One cookie secret and one key file for all replicas: the data volume is shared, or a visitor's
    // cookie from one replica would be a stranger's at the next.
    expect(app?.volumes?.some((v) => v.startsWith('asks1_data:/data'))).toBe(true)
    expect(ingest?.volumes?.some((v) => v.startsWith('asks1_data:/data'))).toBe(true)
    const script = ingest?.command?.at(-1) ?? ''
    expect(existsSync(join(root, script)), script).toBe(true)
    expect(ingest?.environment).toMatchObject({ STORE: 'qdrant', QDRANT_URL: 'http://qdrant:6333' })
  })

  it('puts an official nginx in front, configured from a file in the repository', () => {
    expect(proxy?.image).toMatch(/^nginx:\d+\.\d+(\.\d+)?(-alpine)?$/)
    expect(proxy?.depends_on?.app?.condition).toBe('service_healthy')
    const mount = proxy?.volumes?.find((v) => v.endsWith(':/etc/nginx/conf.d/default.conf:ro')) ?? ''
    const file = mount.split(':')[0] ?? ''
    expect(existsSync(join(root, file)), file).toBe(true)
    const conf = read(file)
    expect(conf).toMatch(/server app:3000/)
    expect(conf).toMatch(/proxy_pass http:\/\/asks1;/)
    expect(conf).toMatch(/proxy_buffering off;/)
    expect(conf).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/)
  })
})

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))

  it('is multi-stage and runs as a non-root user', () => {
    expect(lines.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2)
    const users = lines.filter((l) => l.startsWith('USER '))
    expect(users.at(-1)).toMatch(/^USER (?!root\b|0\b)\w+/)
  })

  it('copies only files that exist and starts a server file that exists', () => {
    for (const l of lines.filter((l) => l.startsWith('COPY ') && !l.includes('--from='))) {
      const sources = l
        .split(/\s+/)
        .slice(1, -1)
        .filter((s) => !s.startsWith('--'))
      for (const s of sources) if (s !== '.') expect(existsSync(join(root, s)), s).toBe(true)
    }
    const cmd = lines.find((l) => l.startsWith('CMD '))
    const args = JSON.parse(cmd?.slice(4) ?? '[]') as string[]
    expect(existsSync(join(root, args.at(-1) ?? ''))).toBe(true)
  })

  it('installs with the lockfile and the pnpm version the project pins', () => {
    const pkg = JSON.parse(read('package.json')) as { packageManager: string }
    expect(lines.join('\n')).toContain('--frozen-lockfile')
    expect(lines.join('\n')).toContain(pkg.packageManager)
  })
})
