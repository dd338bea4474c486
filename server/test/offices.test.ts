import { describe, expect, it } from 'vitest'
import { isTitleWord, withoutOffices } from '../src/answer/offices'

describe('titles of office', () => {
  it('knows the words titles are made of, in any case, and no others', () => {
    expect(['Chief', 'PRESIDENT', 'treasurer', 'Counsel'].every(isTitleWord)).toBe(true)
    expect(['Revenue', 'Zuckerberg', 'Acme'].some(isTitleWord)).toBe(false)
  })

  it('drops a capitalised Chief … Officer title, whatever office it names, and keeps prose', () => {
    expect(withoutOffices('Jane Roe, Chief Revenue Officer, received $1.2 million')).toBe(
      'Jane Roe,  , received $1.2 million',
    )
    expect(withoutOffices('our Chief People and Culture Officers')).toBe('our  ')
    expect(withoutOffices('the chief revenue officer reviews revenue')).toBe(
      'the chief revenue officer reviews revenue',
    )
  })
})
