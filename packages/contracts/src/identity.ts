import { z } from 'zod'
import type { ApiRoute } from './api'
import { indianMobile, requiredText } from './fields'

/** Sign-up body of `POST /auth/sineUp` (documented spelling) and `POST /auth/signup`. */
export const registerRequest = z
  .object({
    firstName: requiredText('First name', 50),
    lastName: requiredText('Last name', 50),
    userName: z
      .string({ error: 'Username is required' })
      .trim()
      .min(1, 'Username is required')
      .regex(/^[A-Za-z0-9._]{3,30}$/, 'Username must be 3–30 letters, digits, dots or underscores'),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .pipe(z.email('Enter a valid email address'))
      .transform((v) => v.toLowerCase()),
    phone: indianMobile,
    password: z
      .string({ error: 'Password is required' })
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
    cmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.cmPassword, { path: ['cmPassword'], message: 'Passwords do not match' })
export type RegisterRequest = z.input<typeof registerRequest>

export const loginRequest = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})
export type LoginRequest = z.input<typeof loginRequest>

export const userInfo = z.object({
  id: z.string(),
  /** First and last name. */
  name: z.string(),
  email: z.string(),
  userName: z.string(),
  isAdmin: z.boolean(),
})
export type UserInfo = z.infer<typeof userInfo>

/** What sign-up and sign-in both answer. */
export const authResponse = z.object({ token: z.string(), userInfo })
export type AuthResponse = z.infer<typeof authResponse>

/** The identity service's public API (routes are described by the identity issue). */
export const identityRoutes: ApiRoute[] = []
