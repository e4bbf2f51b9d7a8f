import { LINK_HEADER, type Page, TOTAL_COUNT_HEADER } from '@medstore/contracts/api'
import type { Request, Response } from 'express'

/**
 * The headers of one page of a list: X-Total-Count, and Link (RFC 8288) to the first, previous, next and
 * last pages as relative URLs that keep the request's other query parameters (so they work through the
 * gateway, whose paths are the services' paths).
 */
export function setPageHeaders(
  req: Request,
  res: Response,
  page: Pick<Page, 'page' | 'limit'>,
  total: number,
) {
  res.setHeader(TOTAL_COUNT_HEADER, String(total))
  const links = pageLinks(req.originalUrl, page, total)
  if (links) res.setHeader(LINK_HEADER, links)
}

export function pageLinks(url: string, { page, limit }: Pick<Page, 'page' | 'limit'>, total: number): string {
  const [path, search = ''] = url.split('?', 2) as [string, string?]
  const last = Math.max(1, Math.ceil(total / limit))
  const to = (n: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(n))
    params.set('limit', String(limit))
    return `<${path}?${params}>`
  }
  const links = [`${to(1)}; rel="first"`]
  if (page > 1) links.push(`${to(Math.min(page - 1, last))}; rel="prev"`)
  if (page < last) links.push(`${to(page + 1)}; rel="next"`)
  links.push(`${to(last)}; rel="last"`)
  return links.join(', ')
}
