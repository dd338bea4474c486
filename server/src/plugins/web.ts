/**
 * Serves the built web app (WEB_DIST) from the same origin when it exists, with an SPA fallback:
 * a GET for an unknown non-API path that accepts HTML gets index.html. Everything else unknown
 * gets a JSON 404 in the API's error shape.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isApiPath } from '@asks1/shared/contract/routes'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const dist = app.config.WEB_DIST
  const hasWeb = existsSync(join(dist, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ['index.html'],
      // Vite writes .br and .gz beside every text asset: sent as they are to a client that accepts them.
      preCompressed: true,
      // Hashed asset names can be cached for long; index.html must always be revalidated.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  } else {
    app.log.info({ dist }, 'no built web app found: serving the API only')
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsHtml = /text\/html/.test(request.headers.accept ?? '')
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(path)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${request.method} ${path}`,
      code: 'NOT_FOUND',
    })
  })
}
