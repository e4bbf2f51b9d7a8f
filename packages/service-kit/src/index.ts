export {
  type Access,
  type AccessDecision,
  type AccessRefusal,
  ADMINS_ONLY,
  decideAccess,
  SESSION_INVALID,
  SIGN_IN_REQUIRED,
  SIGN_IN_UNAVAILABLE,
} from './auth/access'
export {
  INTERNAL_SECRET_REFUSED,
  internalCallersOnly,
  internalSecret,
  internalSecretSetting,
} from './auth/internal-secret'
export { JwksKeyStore } from './auth/jwks'
export { type AuthMiddleware, authMiddleware } from './auth/middleware'
export {
  type AuthUser,
  createTokenVerifier,
  InvalidTokenError,
  type KeyResolver,
  type TokenVerifier,
} from './auth/verifier'
export { Broker } from './bus/broker'
export {
  type BatchEventHandler,
  EventConsumer,
  type EventHandler,
  type EventHandlerEntry,
  type TransactionRunner,
  understoodVersions,
} from './bus/consumer'
export { replayDeadLetters } from './bus/dead-letters'
export type { EventEnvelope } from './bus/envelope'
export {
  type ContractEvent,
  createEvent,
  eventHandlers,
  type OnOptions,
  on,
  onBatch,
  type Subscription,
} from './bus/events'
export { enqueueEvents, outboxInsert, type RawExecutor } from './bus/outbox'
export { outboxWritten, wakingRelaysAfter } from './bus/outbox-wake'
export { OutboxRelay } from './bus/relay'
export { ensureEventStore } from './bus/store'
export { type BusNames, busNames } from './bus/topology'
export {
  ConfigError,
  DEVELOPMENT_SHOP_ORIGINS,
  loadConfig,
  requireSettings,
  type ServiceEnv,
  serviceEnv,
  serviceEnvWithPort,
  shopOrigins,
} from './config'
export {
  Conflict,
  DomainError,
  type DomainErrorKind,
  domainError,
  type ErrorCode,
  Invalid,
  NotAllowed,
  NotFound,
  TooLarge,
  TooMany,
  Unauthenticated,
  Unavailable,
  Unprocessable,
  Unsupported,
} from './domain/errors'
export { runSteps, type Step } from './domain/steps'
export {
  type DocumentType,
  detectImageType,
  detectPdf,
  endsWithImage,
  endsWithPdf,
  type ImageType,
} from './files/file-type'
export { healthRouter, type ReadinessCheck } from './health'
export { releaseFreedHeap } from './heap-release'
export { type AppOptions, createApp } from './http/app'
export {
  apiRouter,
  FileReply,
  type ListPage,
  type MountOptions,
  pageReply,
  Reply,
  type RouteHandler,
  type RouteInput,
  replyWith,
} from './http/endpoint'
export {
  badRequest,
  conflict,
  type ErrorAnswer,
  errorAnswer,
  errorHandler,
  errorJson,
  type FieldError,
  forbidden,
  HttpError,
  notFound,
  notFoundHandler,
  unauthorized,
  validationError,
} from './http/errors'
export { expressServer } from './http/express-server'
export {
  type IdempotencyStore,
  type IdempotentOptions,
  idempotent,
  type KeyClaim,
  type StoredAnswer,
} from './http/idempotent'
export { noStore, noStoreWhenSignedIn } from './http/no-store'
export { pageLinks, setPageHeaders } from './http/paging'
export { isSafeRequestId, requestId } from './http/request-id'
export { parseInput } from './http/validate'
export { exitOnSignals, shutdownGracefully } from './lifecycle'
export { createLogger, type LogDestination, type Logger } from './logger'
export { escapeLike } from './prisma/like'
export { type RawSql, sqlOver, sqlTransaction } from './prisma/sql'
export type { TxOf } from './prisma/tx'
export {
  isEmptyReplica,
  type KeepDeletionsOptions,
  type KeepNewestOptions,
  keepDeletions,
  keepNewest,
  type ReplicaDb,
  type ReplicaTable,
  type Value as ReplicaValue,
} from './replica/replica'
export { REQUEST_ID_HEADER, requestContext } from './request-context'
export {
  type DbClient,
  type RunningService,
  runMain,
  type ServiceContext,
  type ServiceDefinition,
  type Subscriptions,
  startService,
} from './service'
