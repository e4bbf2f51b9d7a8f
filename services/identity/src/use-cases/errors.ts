import { HttpError } from '@medstore/service-kit'
import { retryMessage } from '../domain/attempts'

/** 429 with the wait in the message and in Retry-After (set by the routers' error hook). */
export class TooManyAttempts extends HttpError {
  readonly retryAfterSeconds: number
  constructor(prefix: string, waitMs: number) {
    super(429, retryMessage(prefix, waitMs))
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  }
}
