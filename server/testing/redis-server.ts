/**
 * A real redis-server (Debian's) for tests and `pnpm bench:api`: its own temp directory, a free 127.0.0.1 port, no
 * persistence unless asked (an append-only file, for restart tests and the benchmark). Stopped,
 * and restartable on the same port and data, by the test that started it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RedisProcess {
  url: string
  port: number
  /** Stops the server (SIGTERM: an appendonly server flushes first) and waits for its exit. */
  stop(): Promise<void>
  /** Starts it again on the same port and directory. */
  start(): Promise<void>
  /** Stops it and removes its directory. */
  cleanup(): Promise<void>
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

/**
 * `appendonly`: keep an append-only file, fsynced on every write ('always': not even an OS crash
 * loses a count; what the restart test uses) or once a second ('everysec': a Redis restart or crash
 * loses nothing, an OS crash at most a second; what the compose file runs).
 */
export async function startRedis(opts: { appendonly?: 'always' | 'everysec' } = {}): Promise<RedisProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'asks1-redis-'))
  const port = await freePort()
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    ...(opts.appendonly ? ['--appendonly', 'yes', '--appendfsync', opts.appendonly] : ['--appendonly', 'no']),
  ]
  let child: ChildProcess | null = null
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] })
      child = proc
      let out = ''
      const onData = (d: Buffer) => {
        out += d
        if (out.includes('Ready to accept connections')) {
          proc.stdout?.off('data', onData)
          proc.stdout?.resume()
          resolve()
        }
      }
      proc.stdout?.on('data', onData)
      proc.stderr?.resume()
      proc.once('error', reject)
      proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
    })
  const stop = async () => {
    const proc = child
    child = null
    if (!proc || proc.exitCode !== null) return
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve())
      proc.kill('SIGTERM')
    })
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async cleanup() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
