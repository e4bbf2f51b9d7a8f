import { errorJson } from '@medstore/service-kit'
import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import type { GatewayConfig } from './config'

/** What a request costs against its address's budget: every one, only failures, or only successes. */
type Counts = 'all' | 'failures' | 'successes'
type Limit = { limit: number; windowMs: number; what: string; counts: Counts }

function limiter({ limit, windowMs, what, counts }: Limit): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipSuccessfulRequests: counts === 'failures',
    skipFailedRequests: counts === 'successes',
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The address comes from express's req.ip, i.e. from TRUST_PROXY; the X-Forwarded-For warning does not apply.
    validate: { xForwardedForHeader: false },
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
      const minutes = Math.max(
        1,
        Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 60_000),
      )
      res
        .status(429)
        .json(
          errorJson(
            `Too many ${what} from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            'rate_limited',
          ),
        )
    },
  })
}

/**
 * Per-IP limits on the account endpoints, sized for carrier-grade NAT: most Indian mobile customers share
 * a few carrier addresses, so an address is a city, not a person. Sign-in counts only failures and
 * sign-up only accounts created (a mistyped phone number costs nothing), each with a budget a busy shared
 * address does not reach; guessing one account's password is stopped by the identity service's
 * per-account limits, which see the email.
 */
export function authRateLimits(config: GatewayConfig): Map<string, RequestHandler> {
  const signIn = limiter({
    limit: config.LOGIN_RATE_LIMIT,
    windowMs: config.LOGIN_RATE_WINDOW_MS,
    what: 'sign-in attempts',
    counts: 'failures',
  })
  // One budget for both spellings of sign-up.
  const signUp = limiter({
    limit: config.SIGNUP_RATE_LIMIT,
    windowMs: config.SIGNUP_RATE_WINDOW_MS,
    what: 'sign-ups',
    counts: 'successes',
  })
  return new Map([
    ['POST /auth/login', signIn],
    ['POST /auth/sineUp', signUp],
    ['POST /auth/signup', signUp],
  ])
}
