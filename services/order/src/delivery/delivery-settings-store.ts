import { type DeliverySettings, deliveryHoliday } from '@medstore/contracts/delivery'
import type { PrismaClient } from '../generated/prisma/client'
import { DEFAULT_DELIVERY_RULES } from './default-delivery-rules'

const SETTINGS_ROW = 1

/** The delivery settings row; the defaults until the administrator first saves. */
export function deliverySettingsStore(db: PrismaClient) {
  return {
    async read(): Promise<DeliverySettings> {
      const row = await db.deliverySettings.findUnique({ where: { id: SETTINGS_ROW } })
      if (!row) return DEFAULT_DELIVERY_RULES
      return {
        unservedPrefixes: row.unservedPrefixes,
        expressPrefixes: row.expressPrefixes,
        cutoffTime: row.cutoffTime,
        holidays: deliveryHoliday.array().parse(row.holidays),
      }
    },
    async save(settings: DeliverySettings): Promise<DeliverySettings> {
      await db.deliverySettings.upsert({
        where: { id: SETTINGS_ROW },
        create: { id: SETTINGS_ROW, ...settings },
        update: settings,
      })
      return settings
    },
  }
}
export type DeliverySettingsStore = ReturnType<typeof deliverySettingsStore>
