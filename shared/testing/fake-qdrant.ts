/**
 * An in-process fake Qdrant (HTTP on 127.0.0.1, started and stopped by the test) for machines where
 * no Qdrant can run. It is a MOCK of the server, said so plainly; what makes it trustworthy is that
 * EVERY request is checked against Qdrant's own OpenAPI document (fixtures/qdrant-openapi.json,
 * Qdrant 1.19): the method and path must exist, query parameters must be declared with the right
 * types, and the JSON body must validate against the operation's request schema (ajv). Anything that
 * does not is answered 422 and recorded in `violations`, which the tests require to be empty.
 *
 * Semantics implemented (enough for the store contract): collections with named dense vectors
 * (cosine; multivector max_sim) and sparse vectors (dot product, idf modifier), aliases with atomic
 * action lists, upsert/retrieve/scroll with `must` and `must_not` match filters, and the Query API (nearest by a
 * named vector, prefetch + RRF fusion, batch). Faults can be injected to exercise retries.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type Obj = Record<string, unknown>

export const QDRANT_OPENAPI_PATH = join(import.meta.dirname, 'fixtures', 'qdrant-openapi.json')

/** OpenAPI 3.0 schema → JSON Schema ajv understands (`nullable`, component refs). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (!node || typeof node !== 'object') return node
  const o: Obj = {}
  for (const [k, v] of Object.entries(node as Obj)) {
    if (k === 'example' || k === 'nullable') continue
    o[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\//, 'qdrant#/') : toJsonSchema(v)
  }
  if ((node as Obj).nullable === true) {
    if (typeof o.type === 'string') return { ...o, type: [o.type, 'null'] }
    if (Object.keys(o).length === 0) return { type: 'null' }
    return { anyOf: [o, { type: 'null' }] }
  }
  return o
}

const INT_RANGES: Record<string, [number, number]> = {
  uint: [0, Number.MAX_SAFE_INTEGER],
  uint8: [0, 255],
  uint32: [0, 2 ** 32 - 1],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
}

interface Operation {
  method: string
  template: string
  re: RegExp
  params: string[]
  query: Map<string, ValidateFunction>
  body: ValidateFunction | null
  bodyRequired: boolean
}

class SpecValidator {
  readonly ops: Operation[] = []

  constructor(spec: { paths: Record<string, Record<string, Obj>>; components: Obj }) {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
    addFormats(ajv)
    for (const [name, [min, max]] of Object.entries(INT_RANGES)) {
      ajv.addFormat(name, {
        type: 'number',
        validate: (x: number) => Number.isInteger(x) && x >= min && x <= max,
      })
    }
    ajv.addFormat('float', { type: 'number', validate: (x: number) => Number.isFinite(x) })
    ajv.addFormat('double', { type: 'number', validate: (x: number) => Number.isFinite(x) })
    ajv.addFormat('partial-date-time', true)
    ajv.addFormat('binary', true)
    ajv.addSchema({ $id: 'qdrant', components: toJsonSchema(spec.components) as Obj })
    // Literal paths before templated ones (`/collections/aliases` before `/collections/{name}`).
    const paths = Object.entries(spec.paths).sort(
      ([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
    )
    for (const [template, methods] of paths) {
      const params: string[] = []
      const re = new RegExp(
        `^${template.replace(/\{(\w+)\}/g, (_, p: string) => {
          params.push(p)
          return '([^/]+)'
        })}$`,
      )
      for (const [method, op] of Object.entries(methods)) {
        const query = new Map<string, ValidateFunction>()
        for (const p of (op.parameters as Obj[] | undefined) ?? []) {
          if (p.in === 'query') query.set(p.name as string, ajv.compile(toJsonSchema(p.schema) as Obj))
        }
        const rb = op.requestBody as
          | { required?: boolean; content?: Record<string, { schema: unknown }> }
          | undefined
        const schema = rb?.content?.['application/json']?.schema
        this.ops.push({
          method: method.toUpperCase(),
          template,
          re,
          params,
          query,
          body: schema ? ajv.compile(toJsonSchema(schema) as Obj) : null,
          bodyRequired: rb?.required === true,
        })
      }
    }
  }

  /** Problems with one request (empty when it is valid), and the matched operation. */
  check(
    method: string,
    url: URL,
    body: unknown,
  ): { problems: string[]; op?: Operation; params: Record<string, string> } {
    const candidates = this.ops.filter((o) => o.re.test(url.pathname))
    const op = candidates.find((o) => o.method === method)
    if (!op) return { problems: [`${method} ${url.pathname} is not in Qdrant's API`], params: {} }
    const m = op.re.exec(url.pathname) as RegExpExecArray
    const params = Object.fromEntries(op.params.map((p, i) => [p, decodeURIComponent(m[i + 1] as string)]))
    const problems: string[] = []
    for (const [name, value] of url.searchParams) {
      const v = op.query.get(name)
      if (!v) {
        problems.push(`query parameter "${name}" is not declared for ${method} ${op.template}`)
        continue
      }
      const parsed =
        value === 'true' ? true : value === 'false' ? false : /^-?\d+$/.test(value) ? Number(value) : value
      if (!v(parsed)) problems.push(`query parameter "${name}=${value}": ${JSON.stringify(v.errors)}`)
    }
    if (op.body) {
      if (body === undefined) {
        if (op.bodyRequired) problems.push(`${method} ${op.template} needs a JSON body`)
      } else if (!op.body(body)) {
        problems.push(`${method} ${op.template} body: ${JSON.stringify(op.body.errors?.slice(0, 5))}`)
      }
    } else if (body !== undefined) {
      problems.push(`${method} ${op.template} takes no body`)
    }
    return { problems, op, params }
  }
}

let validatorCache: SpecValidator | null = null
function validator(): SpecValidator {
  validatorCache ??= new SpecValidator(JSON.parse(readFileSync(QDRANT_OPENAPI_PATH, 'utf8')))
  return validatorCache
}

interface Point {
  id: number | string
  vectors: Record<string, number[] | number[][] | { indices: number[]; values: number[] }>
  payload: Obj
}

interface Collection {
  dense: Record<string, { size: number; multivector: boolean }>
  sparse: Record<string, { idf: boolean }>
  points: Map<string, Point>
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export type Fault = 503 | 502 | 504 | 'reset'

export interface RecordedRequest {
  method: string
  path: string
  body: unknown
}

const cosine = (a: number[], b: number[]) => {
  let d = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    d += (a[i] as number) * (b[i] as number)
    na += (a[i] as number) ** 2
    nb += (b[i] as number) ** 2
  }
  return d / (Math.sqrt(na * nb) || 1)
}

export class FakeQdrant {
  readonly requests: RecordedRequest[] = []
  readonly violations: string[] = []
  private readonly collections = new Map<string, Collection>()
  private readonly aliases = new Map<string, string>()
  private readonly faults: Fault[] = []
  private server: Server | null = null
  url = ''

  /** The next requests fail like this, one fault per request. */
  injectFaults(...faults: Fault[]): void {
    this.faults.push(...faults)
  }

  async start(): Promise<string> {
    validator()
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => {
        res.writeHead(500).end(JSON.stringify({ status: { error: err.message } }))
      })
    })
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise((r) => this.server?.close(r))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      this.violations.push(`${method} ${url.pathname}: body is not JSON`)
      res.writeHead(400).end()
      return
    }
    this.requests.push({ method, path: url.pathname + url.search, body })
    const fault = this.faults.shift()
    if (fault === 'reset') {
      req.socket.destroy()
      return
    }
    if (fault) {
      res
        .writeHead(fault, { 'content-type': 'application/json' })
        .end('{"status":{"error":"injected fault"}}')
      return
    }
    const { problems, op, params } = validator().check(method, url, body)
    if (problems.length || !op) {
      this.violations.push(...problems)
      res
        .writeHead(422, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: { error: problems.join('; ') } }))
      return
    }
    const started = performance.now()
    try {
      const result = this.route(method, op.template, params, body as Obj)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result, status: 'ok', time: (performance.now() - started) / 1000 }))
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 500
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: { error: (err as Error).message }, time: 0 }))
    }
  }

  private collection(name: string): Collection {
    const c = this.collections.get(this.aliases.get(name) ?? name)
    if (!c) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`)
    return c
  }

  private route(method: string, template: string, p: Record<string, string>, body: Obj): Json {
    const name = p.collection_name as string
    switch (`${method} ${template}`) {
      case 'GET /collections':
        return { collections: [...this.collections.keys()].map((n) => ({ name: n })) }
      case 'GET /aliases':
        return {
          aliases: [...this.aliases].map(([alias_name, collection_name]) => ({
            alias_name,
            collection_name,
          })),
        }
      case 'PUT /collections/{collection_name}':
        return this.create(name, body)
      case 'DELETE /collections/{collection_name}': {
        if (!this.collections.has(name))
          throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`)
        this.collections.delete(name)
        for (const [a, c] of this.aliases) if (c === name) this.aliases.delete(a)
        return true
      }
      case 'PUT /collections/{collection_name}/index':
        this.collection(name)
        return { operation_id: 0, status: 'completed' }
      case 'POST /collections/aliases':
        return this.changeAliases(body)
      case 'PUT /collections/{collection_name}/points':
        return this.upsert(this.collection(name), body)
      case 'POST /collections/{collection_name}/points': {
        const c = this.collection(name)
        return (body.ids as (number | string)[])
          .map((id) => c.points.get(String(id)))
          .filter((pt): pt is Point => pt !== undefined)
          .map((pt) => this.record(pt, body.with_payload))
      }
      case 'POST /collections/{collection_name}/points/count': {
        const c = this.collection(name)
        return {
          count: [...c.points.values()].filter((pt) => this.matches(pt, body.filter as Obj | undefined))
            .length,
        }
      }
      case 'POST /collections/{collection_name}/points/scroll':
        return this.scroll(this.collection(name), body)
      case 'POST /collections/{collection_name}/points/query':
        return this.query(this.collection(name), body)
      case 'POST /collections/{collection_name}/points/query/batch': {
        const c = this.collection(name)
        return (body.searches as Obj[]).map((s) => this.query(c, s))
      }
      default:
        throw new HttpError(501, `The fake does not implement ${method} ${template}`)
    }
  }

  private create(name: string, body: Obj): Json {
    if (this.collections.has(name))
      throw new HttpError(409, `Wrong input: Collection \`${name}\` already exists!`)
    const dense: Collection['dense'] = {}
    const vectors = (body.vectors ?? {}) as Obj
    if ('size' in vectors) throw new HttpError(400, 'the fake supports named vectors only')
    for (const [vn, cfg] of Object.entries(vectors)) {
      const c = cfg as { size: number; distance: string; multivector_config?: { comparator: string } }
      if (c.distance !== 'Cosine') throw new HttpError(400, 'the fake supports Cosine only')
      dense[vn] = { size: c.size, multivector: c.multivector_config?.comparator === 'max_sim' }
    }
    const sparse: Collection['sparse'] = {}
    for (const [vn, cfg] of Object.entries((body.sparse_vectors ?? {}) as Obj)) {
      sparse[vn] = { idf: (cfg as { modifier?: string }).modifier === 'idf' }
    }
    this.collections.set(name, { dense, sparse, points: new Map() })
    return true
  }

  private changeAliases(body: Obj): Json {
    // Apply to a copy and swap it in: the action list is atomic.
    const next = new Map(this.aliases)
    for (const action of body.actions as Obj[]) {
      if (action.delete_alias) next.delete((action.delete_alias as Obj).alias_name as string)
      if (action.create_alias) {
        const a = action.create_alias as { alias_name: string; collection_name: string }
        if (!this.collections.has(a.collection_name)) {
          throw new HttpError(404, `Not found: Collection \`${a.collection_name}\` doesn't exist!`)
        }
        next.set(a.alias_name, a.collection_name)
      }
      if (action.rename_alias) throw new HttpError(501, 'rename_alias not implemented in the fake')
    }
    this.aliases.clear()
    for (const [k, v] of next) this.aliases.set(k, v)
    return true
  }

  private upsert(c: Collection, body: Obj): Json {
    if (!Array.isArray(body.points)) throw new HttpError(400, 'the fake supports the `points` form only')
    for (const pt of body.points as { id: number | string; vector: Obj; payload?: Obj }[]) {
      const vectors: Point['vectors'] = {}
      if (Array.isArray(pt.vector))
        throw new HttpError(400, 'collection has named vectors; unnamed vector given')
      for (const [vn, v] of Object.entries(pt.vector)) {
        const d = c.dense[vn]
        const s = c.sparse[vn]
        if (d) {
          const rows = (d.multivector ? v : [v]) as number[][]
          if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r) || r.length !== d.size)) {
            throw new HttpError(400, `Wrong input: Vector dimension error for "${vn}": expected ${d.size}`)
          }
          vectors[vn] = d.multivector ? rows : (rows[0] as number[])
        } else if (s) {
          const sv = v as { indices: number[]; values: number[] }
          if (
            !sv.indices ||
            new Set(sv.indices).size !== sv.indices.length ||
            sv.indices.length !== sv.values.length
          ) {
            throw new HttpError(400, `Wrong input: bad sparse vector for "${vn}"`)
          }
          vectors[vn] = sv
        } else {
          throw new HttpError(400, `Wrong input: Not existing vector name error: ${vn}`)
        }
      }
      c.points.set(String(pt.id), { id: pt.id, vectors, payload: pt.payload ?? {} })
    }
    return { operation_id: 0, status: 'completed' }
  }

  private record(pt: Point, withPayload: unknown, score?: number): Json {
    let payload: Obj | null = null
    if (withPayload === true) payload = pt.payload
    else if (Array.isArray(withPayload)) payload = pick(pt.payload, withPayload as string[])
    else if (withPayload && typeof withPayload === 'object' && 'include' in withPayload) {
      payload = pick(pt.payload, (withPayload as { include: string[] }).include)
    }
    const out: Obj = { id: pt.id }
    if (payload) out.payload = payload
    if (score !== undefined) out.score = score
    out.version = 0
    return out as Json
  }

  private matches(pt: Point, filter: Obj | undefined): boolean {
    if (!filter) return true
    for (const cond of (filter.must as Obj[] | undefined) ?? []) {
      const { key, match } = cond as { key: string; match: { value?: unknown; any?: unknown[] } }
      if (match.any) {
        // Qdrant's `any`: the value (or, for an array, one of its elements) is one of the listed.
        const v = pt.payload[key]
        if (!(Array.isArray(v) ? v : [v]).some((x) => match.any?.includes(x))) return false
      } else if (pt.payload[key] !== match.value) return false
    }
    for (const cond of (filter.must_not as Obj[] | undefined) ?? []) {
      const { key, match } = cond as { key: string; match: { value: unknown } }
      if (pt.payload[key] === match.value) return false
    }
    return true
  }

  private sortedPoints(c: Collection): Point[] {
    return [...c.points.values()].sort((a, b) => Number(a.id) - Number(b.id))
  }

  private scroll(c: Collection, body: Obj): Json {
    const limit = (body.limit as number | undefined) ?? 10
    const offset = body.offset as number | undefined
    const pts = this.sortedPoints(c).filter(
      (pt) =>
        this.matches(pt, body.filter as Obj | undefined) && (offset === undefined || Number(pt.id) >= offset),
    )
    const page = pts.slice(0, limit)
    const next = pts[limit]
    return {
      points: page.map((pt) => this.record(pt, body.with_payload)),
      next_page_offset: next ? next.id : null,
    }
  }

  /** Ranked (id, score) of one Query API request. */
  private ranked(c: Collection, req: Obj): { pt: Point; score: number }[] {
    const limit = (req.limit as number | undefined) ?? 10
    const prefetch = req.prefetch ? (Array.isArray(req.prefetch) ? req.prefetch : [req.prefetch]) : []
    const query = req.query as Obj | number[] | number[][] | undefined
    const filter = req.filter as Obj | undefined
    if (prefetch.length) {
      const lists = (prefetch as Obj[]).map((p) => this.ranked(c, p))
      const fusion =
        query && !Array.isArray(query) ? ((query as Obj).rrf ?? (query as Obj).fusion) : undefined
      if (!fusion) throw new HttpError(501, 'the fake supports prefetch with RRF fusion only')
      const k = fusion === 'rrf' ? 2 : ((fusion as { k?: number }).k ?? 2)
      const scores = new Map<string, { pt: Point; score: number }>()
      for (const list of lists) {
        list.forEach(({ pt }, i) => {
          const s = scores.get(String(pt.id)) ?? { pt, score: 0 }
          s.score += 1 / (k + i + 1)
          scores.set(String(pt.id), s)
        })
      }
      return [...scores.values()]
        .sort((a, b) => b.score - a.score || Number(a.pt.id) - Number(b.pt.id))
        .slice(0, limit)
    }
    const using = req.using as string | undefined
    if (!using || !query) throw new HttpError(501, 'the fake needs `using` and a query vector')
    const candidates = [...c.points.values()].filter((pt) => pt.vectors[using] && this.matches(pt, filter))
    let scored: { pt: Point; score: number }[]
    if (c.dense[using]) {
      const d = c.dense[using]
      const q = query as number[] | number[][]
      const qRows = (Array.isArray(q[0]) ? q : [q]) as number[][]
      if (d.multivector !== Array.isArray(q[0])) {
        throw new HttpError(400, `Wrong input: "${using}" ${d.multivector ? 'is' : 'is not'} a multivector`)
      }
      scored = candidates.map((pt) => {
        const rows = (d.multivector ? pt.vectors[using] : [pt.vectors[using]]) as number[][]
        // max_sim: for each query row, its best document row; summed over query rows.
        const score = qRows.reduce((s, qr) => s + Math.max(...rows.map((r) => cosine(qr, r))), 0)
        return { pt, score }
      })
    } else if (c.sparse[using]) {
      const q = query as unknown as { indices: number[]; values: number[] }
      if (!q.indices) throw new HttpError(400, `Wrong input: "${using}" is a sparse vector`)
      const n = candidates.length
      const df = new Map<number, number>()
      for (const pt of candidates) {
        for (const i of (pt.vectors[using] as { indices: number[] }).indices) df.set(i, (df.get(i) ?? 0) + 1)
      }
      const idf = (i: number) => {
        const f = df.get(i) ?? 0
        return Math.log(1 + (n - f + 0.5) / (f + 0.5))
      }
      scored = candidates
        .map((pt) => {
          const v = pt.vectors[using] as { indices: number[]; values: number[] }
          let score = 0
          q.indices.forEach((qi, j) => {
            const at = v.indices.indexOf(qi)
            if (at >= 0)
              score +=
                (q.values[j] as number) * (v.values[at] as number) * (c.sparse[using]?.idf ? idf(qi) : 1)
          })
          return { pt, score }
        })
        .filter((s) => s.score > 0)
    } else {
      throw new HttpError(400, `Wrong input: Not existing vector name error: ${using}`)
    }
    return scored.sort((a, b) => b.score - a.score || Number(a.pt.id) - Number(b.pt.id)).slice(0, limit)
  }

  private query(c: Collection, req: Obj): Json {
    return { points: this.ranked(c, req).map(({ pt, score }) => this.record(pt, req.with_payload, score)) }
  }
}

function pick(o: Obj, keys: string[]): Obj {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]))
}
