/**
 * Every public route's method and path, written once. Plain data without zod: a front end's first render
 * imports the endpoints made of it (./endpoints.ts), while each slice's contract spreads its entries into
 * the route descriptors that carry the schemas (`place: { ...orderPaths.place, summary, body, … }`).
 * A route added to a contract gets its line here first; ./endpoints.ts does not compile until it has one.
 */
import type { ApiRoute } from './api'

const route =
  <M extends ApiRoute['method']>(method: M) =>
  <P extends string>(path: P) =>
    ({ method, path }) as const
const get = route('get')
const post = route('post')
const put = route('put')
const del = route('delete')

export const identityPaths = {
  signUp: post('/auth/sineUp'),
  login: post('/auth/login'),
  users: get('/user'),
  signUpAlias: post('/auth/signup'),
  me: get('/auth/me'),
  refresh: post('/auth/refresh'),
  logout: post('/auth/logout'),
  logoutEverywhere: post('/auth/logout-all'),
  changePassword: post('/auth/password'),
  forgotPassword: post('/auth/forgot-password'),
  resetPassword: post('/auth/reset-password'),
  setLocale: put('/auth/locale'),
}

export const messagingPaths = {
  send: post('/message'),
  list: get('/message'),
  notifications: get('/message/notifications'),
}

export const orderPaths = {
  list: get('/order'),
  place: post('/order'),
  setStatus: put('/order'),
  setItemStatus: put('/order/item'),
  userOrders: get('/order/user-order'),
  byId: get('/order/orderById'),
  cancel: post('/order/cancel'),
  invoice: get('/order/invoice'),
  paymentPage: get('/order/payment/{orderId}'),
  sandboxWebhook: post('/order/payment/webhook'),
  razorpayWebhook: post('/order/payment/razorpay/webhook'),
}

export const deliveryPaths = {
  estimate: get('/delivery/estimate'),
  settings: get('/delivery/settings'),
  updateSettings: put('/delivery/settings'),
}

export const orderStatisticsPaths = {
  statistics: get('/order/statistics'),
}

export const cataloguePaths = {
  createCategory: post('/category'),
  categories: get('/category'),
  deleteCategory: del('/category'),
  products: get('/product'),
  categoryProducts: get('/product/categoryProduct'),
  productById: get('/product/productById'),
  substitutes: get('/product/substitutes'),
  createProduct: post('/product'),
  updateProduct: put('/product'),
  deleteProduct: del('/product'),
  image: get('/product/image/{imageId}'),
  imageCard: get('/product/image/{imageId}/card'),
  imageLarge: get('/product/image/{imageId}/large'),
  shops: get('/shop'),
  shop: get('/shop/{id}'),
}

export const supplierPaths = {
  list: get('/supplier'),
  create: post('/supplier'),
  update: put('/supplier/{id}'),
}

export const cartPaths = {
  add: post('/cart'),
  view: get('/cart'),
  setLine: put('/cart'),
  remove: del('/cart'),
}

export const reviewPaths = {
  create: post('/review'),
  list: get('/review'),
  overview: get('/review/overview'),
}

export const prescriptionPaths = {
  upload: post('/prescription'),
  mine: get('/prescription'),
  queue: get('/prescription/admin/queue'),
  verification: get('/prescription/admin/order/{orderId}'),
  approve: post('/prescription/admin/order/{orderId}/approve'),
  reject: post('/prescription/admin/order/{orderId}/reject'),
  accessLog: get('/prescription/admin/access-log'),
  register: get('/prescription/admin/register'),
  registerCsv: get('/prescription/admin/register.csv'),
  byId: get('/prescription/{id}'),
  file: get('/prescription/{id}/page/{page}'),
  remove: del('/prescription/{id}'),
  attach: post('/prescription/{id}/attach'),
}
