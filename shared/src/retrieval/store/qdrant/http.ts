/**
 * Qdrant's REST API over one retrying keep-alive undici dispatcher. The official client hard-wires
 * its own undici 6 Agent into global fetch with no dispatcher option, so no retrying dispatcher can
 * sit under it; request and response types come from its generated `Schemas` instead.
 */
import { Agent, type Dispatcher, RetryAgent } from 'undici'

export interface QdrantStoreOptions {
  url: string
  apiKey?: string
  /** Per-attempt timeout for headers and body (ms). */
  timeoutMs?: number
  /** Retries after the first attempt. */
  maxRetries?: number
  /** First backoff (ms), doubled each retry. */
  minBackoffMs?: number
}

export class QdrantHttpError extends Error {
  override name = 'QdrantHttpError'
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`Qdrant ${method} ${path} → ${status}: ${body.slice(0, 300)}`)
  }
}

/** Minimal typed REST client over one retrying keep-alive dispatcher. */
export class QdrantHttp {
  private readonly dispatcher: Dispatcher
  private readonly agent: Agent
  private readonly origin: string
  private readonly basePath: string
  private readonly headers: Record<string, string>

  constructor(options: QdrantStoreOptions) {
    const url = new URL(options.url)
    this.origin = url.origin
    this.basePath = url.pathname.replace(/\/$/, '')
    const timeout = options.timeoutMs ?? 30_000
    // HTTP/1.1 (allowH2 off) with keep-alive: cached HTTP/2 sessions went stale in the old system.
    this.agent = new Agent({
      allowH2: false,
      keepAliveTimeout: 10_000,
      connections: 16,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connect: { timeout },
    })
    this.dispatcher = new RetryAgent(this.agent, {
      maxRetries: options.maxRetries ?? 3,
      minTimeout: options.minBackoffMs ?? 200,
      maxTimeout: 5_000,
      timeoutFactor: 2,
      // Every request the adapter sends is idempotent (upserts carry ids; reads; alias sets), so
      // POST retries are safe here.
      methods: ['GET', 'PUT', 'POST', 'DELETE'],
      statusCodes: [502, 503, 504],
      errorCodes: [
        'ECONNRESET',
        'ECONNREFUSED',
        'EPIPE',
        'ETIMEDOUT',
        'UND_ERR_SOCKET',
        'UND_ERR_CONNECT_TIMEOUT',
        'UND_ERR_HEADERS_TIMEOUT',
        'UND_ERR_BODY_TIMEOUT',
      ],
      // Hand the last 5xx to us (as a response) rather than a bare error, so the message has the body.
      throwOnError: false,
    })
    this.headers = {
      'content-type': 'application/json',
      ...(options.apiKey ? { 'api-key': options.apiKey } : {}),
    }
  }

  /** Sends one request; returns Qdrant's `result`, or null for a 404 when `allow404`. */
  async call<T>(
    method: Dispatcher.HttpMethod,
    path: string,
    body?: unknown,
    allow404 = false,
  ): Promise<T | null> {
    const res = await this.dispatcher.request({
      origin: this.origin,
      path: this.basePath + path,
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.body.text()
    if (res.statusCode === 404 && allow404) return null
    if (res.statusCode < 200 || res.statusCode >= 300)
      throw new QdrantHttpError(method, path, res.statusCode, text)
    const json = text ? (JSON.parse(text) as { result?: T }) : {}
    return (json.result ?? null) as T | null
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
    await this.agent.close().catch(() => {})
  }
}
