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
        description:
          "Ask questions about SEC IPO filings. Every answer cites the filing's printed pages (p.154, p.F-16), and each citation is checked against the page. API clients identify their session with the X-Session-Id header (16–128 characters of A-Z a-z 0-9 _ -).",
      },
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
