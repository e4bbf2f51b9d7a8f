import { pageOf } from '@medstore/contracts/api'
import { prescriptionApi } from '@medstore/contracts/prescription'
import { type AuthMiddleware, apiRouter, FileReply, noStore, pageReply } from '@medstore/service-kit'
import type { prescriptionUseCases } from '../use-cases/prescriptions'
import type { recordUseCases } from '../use-cases/records'
import type { verificationUseCases } from '../use-cases/verifications'
import { pagesParser, uploadedPages } from './multipart'

export type PrescriptionRoutesUseCases = {
  prescriptions: ReturnType<typeof prescriptionUseCases>
  verifications: ReturnType<typeof verificationUseCases>
  records: ReturnType<typeof recordUseCases>
}

const PAGE_SIZE = 20

/**
 * /prescription: every answer is `Cache-Control: no-store` (private health data), errors too. Access,
 * parsing and the answer's status come from the contract; the admin routes are registered before
 * `/prescription/{id}` so their literal paths win.
 */
export function prescriptionRouter(
  auth: AuthMiddleware,
  { prescriptions, verifications, records }: PrescriptionRoutesUseCases,
) {
  const api = apiRouter(auth)
  api.router.use('/prescription', noStore)
  return api
    .route(prescriptionApi.upload, ({ user, req }) => prescriptions.upload(user, uploadedPages(req.files)), {
      before: [pagesParser()],
    })
    .route(prescriptionApi.mine, async ({ user, query }) =>
      pageReply(await prescriptions.mine(user, pageOf(query, PAGE_SIZE))),
    )
    .route(prescriptionApi.queue, async ({ query }) =>
      pageReply(await verifications.queue(pageOf(query, PAGE_SIZE))),
    )
    .route(prescriptionApi.verification, ({ params }) => verifications.get(params.orderId))
    .route(prescriptionApi.approve, ({ user, params, body }) =>
      verifications.approve(user, params.orderId, body),
    )
    .route(prescriptionApi.reject, ({ user, params, body }) =>
      verifications.reject(user, params.orderId, body),
    )
    .route(prescriptionApi.accessLog, async ({ query }) =>
      pageReply(await records.accessLog(pageOf(query, PAGE_SIZE))),
    )
    .route(prescriptionApi.register, async ({ query: { from, to, ...paging } }) =>
      pageReply(await records.register({ from, to }, pageOf(paging, PAGE_SIZE))),
    )
    .route(prescriptionApi.registerCsv, async ({ query }) => {
      const { filename, text } = await records.registerCsv(query)
      return new FileReply(text, 'text/csv; charset=utf-8', {
        'Content-Disposition': `attachment; filename="${filename}"`,
      })
    })
    .route(prescriptionApi.byId, ({ user, params }) => prescriptions.byId(user, params.id))
    .route(prescriptionApi.file, async ({ user, params }) => {
      const { contentType, data } = await prescriptions.file(user, params.id, params.page)
      // Shown inside the shop's pages (another origin) by the owner or the back-office; never sniffed.
      return new FileReply(data, contentType, {
        'Content-Disposition': `inline; filename="prescription-page-${params.page}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      })
    })
    .route(prescriptionApi.remove, ({ user, params }) => prescriptions.remove(user, params.id))
    .route(prescriptionApi.attach, ({ user, params, body }) =>
      prescriptions.attach(user, params.id, body.orderId),
    ).router
}
