import { useServiceUnderTest } from '@medstore/service-kit/testing'
import { afterAll, beforeAll } from 'vitest'
import { messagingService } from '../../src/service'
import { startSmtpServer } from './smtp-server'

/**
 * The test file's messaging service delivering by e-mail to a test SMTP server, retrying fast; `env` adds
 * to its settings. One per file: two messaging services in one file would share the test bus's queue.
 */
export function useMessagingWithSmtp(env: Record<string, string> = {}) {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  const sut = useServiceUnderTest(messagingService, () => ({
    SMTP_URL: smtp!.url,
    MAIL_FROM: 'Medicine Store <orders@medicine-store.test>',
    NOTIFY_POLL_MS: '50',
    NOTIFY_RETRY_MS: '50',
    ...env,
  }))
  afterAll(async () => {
    await smtp?.close()
  })
  return { sut, mailsTo: (address: string) => smtp!.mails.filter((m) => m.to.includes(address)) }
}
