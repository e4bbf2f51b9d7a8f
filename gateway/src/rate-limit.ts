import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import type { GatewayConfig } from './config'

type Limit = { limit: number; windowMs: number; what: string; failedOnly: boolean }

function limiter({ limit, windowMs, what, failedOnly }: Limit): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipSuccessfulRequests: failedOnly,
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
      res.status(429).json({
        message: `Too many ${what} from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      })
    },
  })
}

/**
 * Per-IP limits on the account endpoints (per-account limits live in the identity service, which sees the
 * email). Sign-in counts only failures, so a household or office behind one address is not locked out by
 * its own successful sign-ins.
 */
export function authRateLimits(config: GatewayConfig): Map<string, RequestHandler> {
  const signIn = limiter({
    limit: config.LOGIN_RATE_LIMIT,
    windowMs: config.LOGIN_RATE_WINDOW_MS,
    what: 'sign-in attempts',
    failedOnly: true,
  })
  // One budget for both spellings of sign-up.
  const signUp = limiter({
    limit: config.SIGNUP_RATE_LIMIT,
    windowMs: config.SIGNUP_RATE_WINDOW_MS,
    what: 'sign-up attempts',
    failedOnly: false,
  })
  return new Map([
    ['POST /auth/login', signIn],
    ['POST /auth/sineUp', signUp],
    ['POST /auth/signup', signUp],
  ])
}
