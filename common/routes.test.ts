import { describe, expect, it } from 'vitest'
import { adminPaths, parseAdminPath } from './routes'

describe('parseAdminPath', () => {
  it('sends /admin on to its first section', () => {
    expect(parseAdminPath('/admin')).toEqual({ kind: 'home' })
    expect(parseAdminPath('/admin/')).toEqual({ kind: 'home' })
  })

  it('reads a section, with or without a trailing slash', () => {
    expect(parseAdminPath('/admin/plans')).toEqual({
      kind: 'section',
      section: 'plans',
      detailId: null,
    })
    expect(parseAdminPath('/admin/financials/')).toMatchObject({ section: 'financials' })
  })

  it('reads the person or ticket that adminPaths wrote, decoded', () => {
    expect(parseAdminPath(adminPaths.person('a b/c'))).toEqual({
      kind: 'section',
      section: 'users',
      detailId: 'a b/c',
    })
    expect(parseAdminPath(adminPaths.ticket('t-1'))).toMatchObject({
      section: 'support',
      detailId: 't-1',
    })
  })

  it('finds nothing at unknown sections, details of sections without any, or deeper paths', () => {
    for (const path of [
      '/admin/nope',
      '/admin/plans/1',
      '/admin/users/1/2',
      '/admin/users/%E0%A4%A',
      '/administrator',
    ]) {
      expect(parseAdminPath(path), path).toEqual({ kind: 'not-found' })
    }
  })
})
