/**
 * The public API as the front ends call it: for every route, its method and path (./route-paths.ts, the
 * only part that exists at run time, so no zod reaches a first render) typed by the route's descriptor in
 * its slice's contract (imported as a type only). Web-client's `api.call(orderApi.place, { body, headers })`
 * takes one of these: a path the contracts do not have, a body, query, header or answer field a route does
 * not declare, is a compile error.
 */
import type { z } from 'zod'
import type { ApiRoute } from './api'
import type { cartApi as cartRoutes } from './cart'
import type { catalogueApi as catalogueRoutes } from './catalogue'
import type { deliveryApi as deliveryRoutes } from './delivery'
import type { identityApi as identityRoutes } from './identity'
import type { messagingApi as messagingRoutes } from './messaging'
import type { orderApi as orderRoutes } from './order'
import type { orderStatisticsApi as orderStatisticsRoutes } from './order-statistics'
import type { prescriptionApi as prescriptionRoutes } from './prescription'
import type { reviewApi as reviewRoutes } from './review'
import {
  cartPaths,
  cataloguePaths,
  deliveryPaths,
  identityPaths,
  messagingPaths,
  orderPaths,
  orderStatisticsPaths,
  prescriptionPaths,
  reviewPaths,
  supplierPaths,
} from './route-paths'
import type { supplierApi as supplierRoutes } from './supplier'

declare const routeTypes: unique symbol

/**
 * One route as a front end calls it. Only `method` and `path` exist at run time; the third member is the
 * compiler's alone (never set): it carries the route's schemas, and since nothing outside this module can
 * name it, no object literal passes for an endpoint: a call's route comes from the tables below.
 */
export interface Endpoint<R extends ApiRoute = ApiRoute> {
  readonly method: R['method']
  readonly path: R['path']
  readonly [routeTypes]: R
}

/** The descriptor behind an endpoint. */
export type RouteOf<E> = E extends Endpoint<infer R> ? R : never

/** A query parameter's value as it goes into the URL (undefined: left out). */
export type QueryValue = string | number | boolean | undefined

/** A query field: any value when the server reads it as text (or coerces it), else its literal type (an enum). */
type QueryField<V> = unknown extends V ? QueryValue : string extends V ? QueryValue : V

/** A query schema's input as a call's query: the same keys, required where the schema requires them. */
type QueryFields<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: QueryField<T[K]> } & {
  [K in keyof T as undefined extends T[K] ? never : K]: QueryField<T[K]>
}

/** `{name}` segments of a path template: `/shop/{id}` → `{ id: string }`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown

/** What the route answers on success: its response schema's output (unknown when it declares none). */
export type ResponseOf<E> = RouteOf<E> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown

/** What the route's body is: FormData when multipart, its schema's input, or nothing. */
export type BodyOf<R> = R extends { body: infer S extends z.ZodType }
  ? R extends { multipart: true }
    ? FormData
    : z.input<S>
  : never

export type QueryOf<R> = R extends { query: infer S extends z.ZodType } ? QueryFields<z.input<S>> : never

export type HeadersOf<R> = R extends { requestHeaders: infer H extends Record<string, string> }
  ? Partial<Record<keyof H & string, string>>
  : never

type Part<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: never }
  : Partial<T> extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T }

/** The parts of a request the route declares: each required when the route requires it, else absent. */
export type RequestParts<R extends ApiRoute> = Part<'body', BodyOf<R>> &
  Part<'query', QueryOf<R>> &
  Part<'params', R['path'] extends `${string}{${string}` ? PathParams<R['path']> : never> &
  Part<'headers', HeadersOf<R>>

/** A table of routes (a slice's `xxxApi`) as endpoints. */
export type Endpoints<T extends Record<string, ApiRoute>> = { readonly [K in keyof T]: Endpoint<T[K]> }

/** Typed view of a slice's paths: the paths must be exactly the routes of the descriptor table `T`. */
const endpoints = <T extends Record<string, ApiRoute>>(
  paths: {
    [K in keyof T]: { method: T[K]['method']; path: T[K]['path'] }
  },
  // The schemas' part of an endpoint is the compiler's alone: at run time an endpoint is its path.
): Endpoints<T> => paths as unknown as Endpoints<T>

export const identityApi = endpoints<typeof identityRoutes>(identityPaths)
export const messagingApi = endpoints<typeof messagingRoutes>(messagingPaths)
export const orderApi = endpoints<typeof orderRoutes>(orderPaths)
export const orderStatisticsApi = endpoints<typeof orderStatisticsRoutes>(orderStatisticsPaths)
export const deliveryApi = endpoints<typeof deliveryRoutes>(deliveryPaths)
export const catalogueApi = endpoints<typeof catalogueRoutes>(cataloguePaths)
export const supplierApi = endpoints<typeof supplierRoutes>(supplierPaths)
export const cartApi = endpoints<typeof cartRoutes>(cartPaths)
export const reviewApi = endpoints<typeof reviewRoutes>(reviewPaths)
export const prescriptionApi = endpoints<typeof prescriptionRoutes>(prescriptionPaths)
