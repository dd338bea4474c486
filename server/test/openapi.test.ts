/**
 * The parts of the generated /openapi.json API clients rely on: bearer keys, the session cookie,
 * `text/event-stream` from /ask. Redocly's lint of the document (a child process) is in
 * openapi-lint.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from './helper'

describe('OpenAPI document', () => {
  const suite = useTestApp()
  // biome-ignore lint/suspicious/noExplicitAny: the document is checked field by field below
  let doc: any
  beforeAll(async () => {
    doc = (await suite.app.inject('/openapi.json')).json()
  })

  it('declares servers, bearer keys, the session cookie, and SSE from /ask', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })])
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'asks1_session' },
    })
    const ask = doc.paths['/ask'].post
    expect(ask.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }, {}])
    expect(Object.keys(ask.responses['200'].content)).toEqual(['application/json', 'text/event-stream'])
    expect(ask.responses['503'].content['application/json'].schema.properties.allowance).toBeDefined()
    expect(ask.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'x-session-id' }))
  })
})
