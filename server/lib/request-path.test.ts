import { describe, expect, it } from 'vitest'
import { canonicalPath, isApiPath } from './request-path'

describe('canonicalPath', () => {
  it.each([
    ['/api/admin/users?x=1', '/api/admin/users'],
    ['/%61pi/admin/users', '/api/admin/users'],
    ['/%2561pi/admin', '/api/admin'],
    ['/API//Admin/', '/api/admin'],
    ['/x/../api/./admin', '/api/admin'],
    ['/x/%2e%2e/api', '/api'],
    ['/api;jsessionid=x/admin;a=b', '/api/admin'],
    ['/api%2Fadmin\\users', '/api/admin/users'],
    ['/../../api', '/api'],
    ['/100%', '/100%'],
    ['/', '/'],
  ])('reads %s as %s', (url, path) => expect(canonicalPath(url)).toBe(path))
})

describe('isApiPath', () => {
  it.each(['/api', '/api/', '/%41PI/x', '//api/x', '/api#x'])('%s is the API', (url) => {
    expect(isApiPath(url)).toBe(true)
  })

  it.each(['/', '/apiary', '/blog/api', '/api-docs', '/x/api/..'])('%s is a page', (url) => {
    expect(isApiPath(url)).toBe(false)
  })
})
