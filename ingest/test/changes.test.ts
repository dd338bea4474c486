import { describe, expect, it } from 'vitest'
import { describeChanges, diffPages } from '../src/changes'

const page = (label: string, text: string) => ({ label, text })

describe('page changes between versions', () => {
  it('reports changed, added and removed pages by printed label, ignoring whitespace', () => {
    const before = [
      page('1', 'Summary  text'),
      page('2', 'Revenue was $100'),
      page('3', 'Risks'),
      page('F-1', 'Audit'),
    ]
    const after = [
      page('1', 'Summary\ntext'),
      page('2', 'Revenue was $120'),
      page('F-1', 'Audit'),
      page('F-2', 'Notes'),
    ]
    expect(diffPages(before, after)).toEqual({ added: ['F-2'], removed: ['3'], changed: ['2'], unchanged: 2 })
  })

  it('says so in one line', () => {
    const same = { previous: 'v1', sourceChanged: false, added: [], removed: [], changed: [], unchanged: 150 }
    expect(describeChanges(same)).toBe('vs v1 (same source file): no page changed (150 pages)')
    const amended = {
      previous: 'v1',
      sourceChanged: true,
      added: ['151'],
      removed: [],
      changed: ['45', 'F-12'],
      unchanged: 148,
    }
    expect(describeChanges(amended)).toBe(
      'vs v1: 2 changed (45, F-12), 1 added (151), 0 removed, 148 unchanged',
    )
    const many = { ...amended, changed: Array.from({ length: 15 }, (_, i) => String(i + 1)) }
    expect(describeChanges(many, 3)).toContain('15 changed (1, 2, 3, …)')
  })
})
