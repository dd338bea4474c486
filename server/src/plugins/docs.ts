/**
 * OpenAPI 3 generated from the routes' TypeBox schemas: the document at /openapi.json and
 * interactive docs (Swagger UI) at /docs. Registered before the routes so it sees them all.
 */

import { ROUTES } from '@asks1/shared/contract/routes'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AskS1 API',
        version: '0.1.0',
        description: [
          "Ask questions about SEC IPO filings. Every answer cites the filing's printed pages (p.154, p.F-16), and each citation is checked against the page.",
          'API clients send an API key: `Authorization: Bearer <key>` (an operator creates one with `pnpm keys create --name NAME --per-day N`); the key has a daily question quota. Without a key, the server sets a signed `asks1_session` cookie on the first question; a session has a few questions, and everything without a key from one address shares a daily allowance. A forged or unsigned cookie is a new visitor.',
        ].join('\n\n'),
      },
      servers: [{ url: '/', description: 'This server (paths are relative to where it is reached)' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from `pnpm keys create`; its questions count against its daily quota',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'asks1_session',
            description:
              'Signed session cookie the server sets on the first question (HttpOnly, SameSite=Lax); only the server can mint one',
          },
        },
      },
      security: [{}],
      tags: [
        { name: 'ask', description: 'Questions and answers' },
        { name: 'session', description: "The caller's question allowance" },
        { name: 'filings', description: 'The filing registry and ingest status' },
        { name: 'sources', description: 'Page text and retrieval, to check citations' },
        { name: 'operations', description: 'Liveness and readiness probes' },
      ],
    },
    hideUntagged: true,
  })
  await app.register(swaggerUi, { routePrefix: ROUTES.docs })
  app.get(ROUTES.openapi, { schema: { hide: true } }, async () => app.swagger())
}
