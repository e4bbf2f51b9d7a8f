import { serverText } from '@medstore/ui'
import { failureText } from '@medstore/web-client'
import { t } from './i18n.ts'

/**
 * A failure in the reader's language: the server's error code when the UI kit knows it, else the server's
 * message; `fallback` for a throw that is no Error (by default the catalogue's "try again").
 */
export const failureMessage = (error: unknown, fallback: string = t('common.tryAgainReason')): string =>
  error instanceof Error ? serverText(failureText(error)) : fallback
