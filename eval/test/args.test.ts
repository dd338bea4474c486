import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseBenchArgs, parseEvalArgs, parseFilingFile, parseRetrievalArgs, UsageError } from '../src/args'
import { isUsageError } from '../src/cli'

describe('--filing-file', () => {
  it('splits at the first = and resolves the path against cwd', () => {
    expect(parseFilingFile('acme-s1=filings/a=b.pdf', '/w')).toEqual({
      id: 'acme-s1',
      file: '/w/filings/a=b.pdf',
    })
    expect(parseFilingFile('x=/abs/f.htm', '/w')).toEqual({ id: 'x', file: '/abs/f.htm' })
  })
  it('rejects a missing id or file and ids the registry would refuse', () => {
    for (const bad of ['noequals', '=f.pdf', 'id=', 'Acme=f.pdf', 'a_b=f.pdf'])
      expect(() => parseFilingFile(bad, '/w'), bad).toThrow(UsageError)
  })
})

describe('eval:retrieval arguments', () => {
  it('no arguments means the defaults', () => {
    expect(parseRetrievalArgs([], '/w')).toMatchObject({
      defaults: true,
      json: false,
      filingFiles: [],
      questions: [],
    })
  })
  it('repeats --filing-file and --questions', () => {
    const a = parseRetrievalArgs(
      [
        '--filing-file',
        'a=1.pdf',
        '--filing-file=b=2.htm',
        '--questions',
        'q1.jsonl',
        '--questions',
        'q2.jsonl',
        '--json',
      ],
      '/w',
    )
    expect(a.filingFiles).toEqual([
      { id: 'a', file: '/w/1.pdf' },
      { id: 'b', file: '/w/2.htm' },
    ])
    expect(a.questions).toEqual(['/w/q1.jsonl', '/w/q2.jsonl'])
    expect(a).toMatchObject({ json: true, defaults: false, financebench: null })
  })
  it('FinanceBench needs both --financebench and --pdfs', () => {
    expect(parseRetrievalArgs(['--financebench', 'fb.jsonl', '--pdfs', 'pdfs'], '/w')).toMatchObject({
      financebench: '/w/fb.jsonl',
      pdfs: '/w/pdfs',
      defaults: false,
    })
    expect(() => parseRetrievalArgs(['--financebench', 'fb.jsonl'], '/w')).toThrow(/go together/)
    expect(() => parseRetrievalArgs(['--pdfs', 'd'], '/w')).toThrow(UsageError)
  })
  it('rejects unknown options, positionals and a duplicated id', () => {
    expect(() => parseRetrievalArgs(['--nope'], '/w')).toThrow(UsageError)
    expect(() => parseRetrievalArgs(['file.pdf'], '/w')).toThrow(UsageError)
    expect(() => parseRetrievalArgs(['--filing-file', 'a=1', '--filing-file', 'a=2'], '/w')).toThrow(/twice/)
  })
})

describe('eval arguments', () => {
  it('defaults the output directory and parses --compare', () => {
    const a = parseEvalArgs(['--compare', 'eval/baseline.json', '--json'], '/w', '/w/eval')
    expect(a).toMatchObject({ compare: '/w/eval/baseline.json', json: true, out: '/w/eval', filingFiles: [] })
    expect(parseEvalArgs(['--out', 'tmp'], '/w', '/w/eval').out).toBe('/w/tmp')
  })
  it('no arguments keeps the defaults (the bundled tuning sets), without FinanceBench', () => {
    expect(parseEvalArgs([], '/w')).toMatchObject({ defaults: true, financebench: null, pdfs: null })
    expect(parseEvalArgs(['--questions', 'q.jsonl'], '/w').defaults).toBe(false)
  })
  it('takes FinanceBench as eval:retrieval does: --financebench with --pdfs, instead of the defaults', () => {
    const a = parseEvalArgs(['--financebench', 'fb.jsonl', '--pdfs', 'pdfs', '--json'], '/w')
    expect(a).toMatchObject({ financebench: '/w/fb.jsonl', pdfs: '/w/pdfs', json: true, defaults: false })
    expect(() => parseEvalArgs(['--financebench', 'fb.jsonl'], '/w')).toThrow(/go together/)
    expect(() => parseEvalArgs(['--pdfs', 'pdfs'], '/w')).toThrow(/go together/)
    // beside S-1 sets named on the command line
    const both = parseEvalArgs(
      ['--filing-file', 'x=f.pdf', '--questions', 'q.jsonl', '--financebench', 'fb.jsonl', '--pdfs', 'p'],
      '/w',
    )
    expect(both).toMatchObject({ questions: ['/w/q.jsonl'], financebench: '/w/fb.jsonl', defaults: false })
  })
})

describe('bench:retrieval arguments', () => {
  it('takes a positive query count', () => {
    expect(parseBenchArgs([]).queries).toBe(200)
    expect(parseBenchArgs(['--queries', '50']).queries).toBe(50)
    expect(() => parseBenchArgs(['--queries', '0'])).toThrow(UsageError)
    expect(() => parseBenchArgs(['--queries', 'x'])).toThrow(UsageError)
  })
})

describe('usage errors (runCli: one line and the usage, exit code 2)', () => {
  it('counts an option parseArgs refuses and our own UsageError as the user’s', () => {
    let err: unknown
    try {
      parseArgs({ args: ['--bogus'], options: {} })
    } catch (e) {
      err = e
    }
    expect(isUsageError(err)).toBe(true)
    expect((err as Error).message).toMatch(/^Unknown option '--bogus'/)
    expect(isUsageError(new UsageError('--runs must be a number'))).toBe(true)
  })

  it('counts any other failure as ours (its stack, exit code 1)', () => {
    expect(isUsageError(new Error('disk full'))).toBe(false)
    expect(isUsageError(null)).toBe(false)
  })
})
