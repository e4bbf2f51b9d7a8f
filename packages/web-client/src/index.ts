/**
 * `@medstore/web-client`: shared by the shell and every remote as one Module Federation singleton, so
 * there is one API client and one instance of each store on the page. Keep it light (it is part of the
 * first render) and free of zod: validation schemas are imported by the pages that need them.
 */
export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  type ApiErrorKind,
  type CallArgs,
  type CallOptions,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  errorFromResponse,
  type FieldError,
  failureText,
  fillPath,
  type Method,
  messages as apiMessages,
  type RequestOptions,
} from './api.ts'
export { api } from './client.ts'
export { apiImage, configureRuntime, type RuntimeConfig, runtimeConfig } from './config.ts'
export {
  checkDelivery,
  type DeliveryCheck,
  isPinCode,
  rememberedPincode,
  useDeliveryCheck,
} from './delivery.ts'
export {
  EARLY_SEAM,
  type EarlyDocument,
  type EarlySeamV1,
  takeEarlyDocument,
  takeEarlyResponse,
} from './early.ts'
export { lazyScreen, openedScreensReady } from './lazy-screen.ts'
export { links } from './links.ts'
export {
  currentPath,
  loginPath,
  navigateTo,
  registrationPath,
  safeRedirect,
  setNavigator,
} from './navigation.ts'
export { PAINT_HIDDEN } from './paint-hidden.ts'
export { accessTokenExpired, renewSession, signIn, signOut } from './session.ts'
export { useCartSummaryStore } from './stores/cart.ts'
export {
  type CodedText,
  TOAST_DURATION_MS,
  type Toast,
  type ToastType,
  toast,
  useNotificationStore,
} from './stores/notifications.ts'
export {
  PROFILE_STORAGE_KEY,
  type Profile,
  parseStoredProfile,
  tokenExpiry,
  useProfileStore,
  useUser,
} from './stores/profile.ts'
export { pageTitle, SITE_TITLE, usePageTitle } from './title.ts'
