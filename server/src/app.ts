/**
 * The Fastify app as a factory: everything it talks to (config, registry, store, embedder, the
 * Claude client, the session counter) comes in through `buildApp(options)`, so tests pass real
 * parts of their own (a temp DATA_DIR, a local fake of the Messages API) and `server.ts` only wires
 * and listens.
 *
 * Plugins are registered explicitly rather than autoloaded (fastify/demo's layout otherwise): the
 * order that matters (swagger before routes; rate limit only around the API) stays visible here.
 */
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { corsOrigins, type ServerConfig, trustProxy } from './config'
import type { AppOptions } from './deps'

// The package's other public names: API clients and tests build the config exactly as server.ts does.
export { loadServerConfig, type ServerConfig } from './config'
export type { AppDeps, AppOptions } from './deps'
export { anthropicFromConfig } from './plugins/answerer'

import { AppError, statusText } from './errors'
import answererPlugin from './plugins/answerer'
import answersPlugin from './plugins/answers'
import budgetPlugin from './plugins/budget'
import { registerDocs } from './plugins/docs'
import keysPlugin from './plugins/keys'
import sessionsPlugin from './plugins/sessions'
import statePlugin from './plugins/state'
import storePlugin from './plugins/store'
import { registerWeb } from './plugins/web'
import askRoutes from './routes/ask'
import documentRoutes from './routes/document'
import filingsRoutes from './routes/filings'
import healthRoutes from './routes/health'
import sessionRoutes from './routes/session'
import sourcesRoutes from './routes/sources'
import { strictValidatorCompiler } from './validation'

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/

export function defaultLogger(config: ServerConfig): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Readable lines for a person at a terminal; JSON for log collectors everywhere else.
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: createRequire(import.meta.url).resolve('pino-pretty'),
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'req.headers["x-session-id"]',
      ],
      censor: '[redacted]',
    },
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    // A proxy's or client's X-Request-Id is kept (when sane) so one id follows a request across
    // hops; Fastify's own header option would take any value unchecked, hence genReqId alone.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID()
    },
    // Fastify accepts a hop count at run time (proxy-addr); its types list only the other forms.
    trustProxy: trustProxy(config) as boolean | string[],
    bodyLimit: config.BODY_LIMIT,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // On close, the preClose hook below first waits for answers in flight to be fully written;
    // then every remaining socket is closed, including idle keep-alive and pre-opened ones that
    // would otherwise hold the shutdown until their request timeout.
    forceCloseConnections: true,
    // Our own 503 while closing (the hook below), so it carries a code like every other refusal.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).setValidatorCompiler(strictValidatorCompiler)

  // Registered before any plugin's preClose (they wait for answers in flight): from the moment a
  // shutdown starts, a request arriving on a kept-alive connection is refused with a code.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (request, reply) => {
    // A client that reset its connection right after sending: no address, nobody to answer, and
    // @fastify/rate-limit's key (the address) would throw. End it here as a closed request.
    if (request.raw.socket?.destroyed || request.ip === undefined) {
      request.log.debug('client closed the connection before its request was handled')
      throw new AppError(499, 'CLIENT_CLOSED', 'The request was cancelled.')
    }
    if (!closing) return
    reply.header('connection', 'close')
    throw new AppError(
      503,
      'SHUTTING_DOWN',
      'This server is restarting. Please try again in a few seconds.',
      { retryAfter: 5 },
    )
  })

  // The parts, each a plugin that declares what it needs (fastify-plugin checks the order).
  await app.register(storePlugin, options)
  await app.register(statePlugin, options.counters ? { counters: options.counters } : {})
  await app.register(sessionsPlugin)
  await app.register(keysPlugin)
  await app.register(answererPlugin, options.anthropic === undefined ? {} : { anthropic: options.anthropic })
  await app.register(budgetPlugin)
  await app.register(answersPlugin)

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // Cheap hardening for the API and the web app alike (no framing, no MIME sniffing).
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
  })
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.warn({ err: err.cause ?? err, code: err.code }, err.message)
      if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter))
      return reply.code(err.statusCode).send(err.toReply())
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500
    // Schema failures and every other malformed request (bad JSON, wrong encoding): one code.
    if (err.validation || status === 400) {
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: `Invalid request: ${err.message}`,
        code: 'VALIDATION',
      })
    }
    if (status < 500) {
      return reply
        .code(status)
        .send({ statusCode: status, error: statusText(status), message: err.message, code: err.code })
    }
    request.log.error(
      {
        err,
        request: { method: request.method, url: request.url, query: request.query, params: request.params },
      },
      'unhandled error',
    )
    return reply.code(status).send({
      statusCode: status,
      error: statusText(status),
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    })
  })

  await app.register(cors, {
    origin: corsOrigins(config),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'accept', 'authorization', 'x-request-id', 'last-event-id'],
    exposedHeaders: ['x-request-id', 'retry-after', 'x-ratelimit-remaining'],
    credentials: true,
    maxAge: 600,
  })
  await registerDocs(app)

  await app.register(healthRoutes)
  // Outside the rate limit, like the static assets: one PDF page view is a dozen range requests.
  await app.register(documentRoutes)
  // Per-IP rate limit around the API only: health probes and static assets are not counted.
  await app.register(async (api) => {
    await api.register(rateLimit, {
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      // STATE=redis: one count per address across every server process. While Redis is down the
      // limit lets requests through (skipOnError): questions are still refused, by the counters.
      ...(app.hasDecorator('redis') ? { redis: app.redis, nameSpace: 'asks1:rate:', skipOnError: true } : {}),
      errorResponseBuilder: (_req, ctx) =>
        new AppError(
          429,
          'RATE_LIMITED',
          `Too many requests from your address: please wait ${ctx.after} and try again.`,
          {
            retryAfter: Math.ceil(ctx.ttl / 1000),
            allowance: {
              scope: 'rate',
              used: ctx.max,
              limit: ctx.max,
              left: 0,
              resetsAt: new Date(Date.now() + ctx.ttl).toISOString(),
            },
          },
        ),
    })
    await api.register(filingsRoutes)
    await api.register(sourcesRoutes)
    await api.register(askRoutes)
    await api.register(sessionRoutes)
  })
  await registerWeb(app)
  return app
}
