/** The customer's prescription calls, through the typed client (failures shown by the screens themselves). */

import { prescriptionApi } from '@medstore/contracts/endpoints'
import { TOTAL_COUNT_HEADER } from '@medstore/contracts/list-headers'
import type { Prescription } from '@medstore/contracts/prescription'
import { api } from '@medstore/web-client'
import { FILE_FIELD } from '../domain/prescriptions.ts'

export type { Prescription }

export const prescriptionCalls = {
  async mine(page: number, limit: number): Promise<{ items: Prescription[]; total: number }> {
    const { data, headers } = await api.callWithHeaders(prescriptionApi.mine, {
      query: { page, limit },
      quiet: true,
    })
    const total = Number(headers.get(TOTAL_COUNT_HEADER))
    return {
      items: data,
      total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : data.length,
    }
  },
  /** One prescription of one or more pages (the files in the order picked). */
  upload(files: readonly File[]): Promise<Prescription> {
    const form = new FormData()
    for (const file of files) form.append(FILE_FIELD, file, file.name)
    // Ten megabytes a page on a phone's connection: longer than a JSON call's timeout.
    return api.call(prescriptionApi.upload, { body: form, quiet: true, timeoutMs: 120_000 })
  },
  page: (id: string, page: number) =>
    api.blob(prescriptionApi.file, { params: { id, page: String(page) }, quiet: true }),
  remove: (id: string) => api.call(prescriptionApi.remove, { params: { id }, quiet: true }),
  attach: (id: string, orderId: string) =>
    api.call(prescriptionApi.attach, { params: { id }, body: { orderId }, quiet: true }),
}
