import type { ApiRoute } from '@medstore/contracts'
import { describe, expect, it } from 'vitest'
import { limitFor } from '../src/body-limit'
import { familyOf, familyTable, pathOf, routeMatcher } from '../src/routing'

const route = (method: ApiRoute['method'], path: string): ApiRoute => ({
  method,
  path,
  summary: '',
  access: 'public',
  documented: true,
  tags: [],
})

describe('path families', () => {
  const table = familyTable([
    { name: 'identity', port: 1, paths: ['/auth', '/user'], url: 'http://a' },
    { name: 'catalogue', port: 2, paths: ['/category', '/product', '/shop'], url: 'http://b' },
  ] as never)
  const serviceOf = (url: string) => table.get(familyOf(pathOf(url)))?.name

  it('routes a family and everything under it', () => {
    expect(serviceOf('/user')).toBe('identity')
    expect(serviceOf('/user?q=asha')).toBe('identity')
    expect(serviceOf('/auth/sineUp')).toBe('identity')
    expect(serviceOf('/product/image/abc/card')).toBe('catalogue')
    expect(serviceOf('/shop/')).toBe('catalogue')
  })

  it('does not take a longer word for a family', () => {
    expect(serviceOf('/userx')).toBeUndefined()
    expect(serviceOf('/products')).toBeUndefined()
    expect(serviceOf('/')).toBeUndefined()
    expect(serviceOf('/USER')).toBeUndefined()
    expect(serviceOf('/internal/reservations')).toBeUndefined()
  })
})

describe('matching a request to its documented route', () => {
  const match = routeMatcher([
    route('get', '/order'),
    route('put', '/order'),
    route('get', '/shop/{id}'),
    route('get', '/product/image/{imageId}/card'),
  ])

  it('matches static paths by method', () => {
    expect(match('GET', '/order')?.method).toBe('get')
    expect(match('PUT', '/order')?.method).toBe('put')
    expect(match('DELETE', '/order')).toBeUndefined()
  })

  it('matches {params} as one whole segment', () => {
    expect(match('GET', '/shop/42')?.path).toBe('/shop/{id}')
    expect(match('GET', '/shop/42/more')).toBeUndefined()
    expect(match('GET', '/product/image/x.jpg/card')?.path).toBe('/product/image/{imageId}/card')
  })

  it('strips the query and one trailing slash before matching', () => {
    expect(pathOf('/order/?orderId=1')).toBe('/order')
    expect(pathOf('/')).toBe('/')
  })
})

describe('body limits', () => {
  const limits = { body: 1, upload: 10 }
  const req = (method: string, contentType: string) =>
    ({ method, headers: { 'content-type': contentType } }) as never

  it('gives multipart product uploads the upload limit and everything else the JSON limit', () => {
    expect(limitFor(req('POST', 'multipart/form-data; boundary=x'), '/product', limits)).toBe(10)
    expect(limitFor(req('PUT', 'multipart/form-data; boundary=x'), '/product', limits)).toBe(10)
    expect(limitFor(req('POST', 'application/json'), '/product', limits)).toBe(1)
    expect(limitFor(req('POST', 'multipart/form-data; boundary=x'), '/review', limits)).toBe(1)
  })
})
