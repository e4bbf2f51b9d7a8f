import { type DeliverySettings, deliveryHoliday } from '@medstore/contracts/delivery'
import type { RawSql } from '@medstore/service-kit'
import { DEFAULT_DELIVERY_RULES } from './default-delivery-rules'

const SETTINGS_ROW = 1

type SettingsRow = Omit<DeliverySettings, 'holidays'> & { holidays: unknown }

/** The delivery settings row; the defaults until the administrator first saves. */
export function deliverySettingsStore(sql: RawSql) {
  return {
    async read(): Promise<DeliverySettings> {
      const [row] = await sql.$queryRawUnsafe<SettingsRow[]>(
        `SELECT unserved_prefixes AS "unservedPrefixes", express_prefixes AS "expressPrefixes",
           cutoff_time AS "cutoffTime", holidays FROM delivery_settings WHERE id = $1`,
        SETTINGS_ROW,
      )
      if (!row) return DEFAULT_DELIVERY_RULES
      return { ...row, holidays: deliveryHoliday.array().parse(row.holidays) }
    },
    async save(settings: DeliverySettings): Promise<DeliverySettings> {
      await sql.$executeRawUnsafe(
        `INSERT INTO delivery_settings (id, unserved_prefixes, express_prefixes, cutoff_time, holidays)
         VALUES ($1, $2::text[], $3::text[], $4, $5::jsonb)
         ON CONFLICT (id) DO UPDATE SET unserved_prefixes = excluded.unserved_prefixes,
           express_prefixes = excluded.express_prefixes, cutoff_time = excluded.cutoff_time,
           holidays = excluded.holidays, updated_at = now()`,
        SETTINGS_ROW,
        settings.unservedPrefixes,
        settings.expressPrefixes,
        settings.cutoffTime,
        JSON.stringify(settings.holidays),
      )
      return settings
    },
  }
}
export type DeliverySettingsStore = ReturnType<typeof deliverySettingsStore>
