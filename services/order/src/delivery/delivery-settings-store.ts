import { type DeliverySettings, deliveryHoliday } from '@medstore/contracts/delivery'
import type { RawSql } from '@medstore/service-kit'
import { DEFAULT_DELIVERY_RULES } from './default-delivery-rules'

const SETTINGS_ROW = 1

type SettingsRow = Omit<DeliverySettings, 'holidays'> & { holidays: unknown }

/**
 * The settings row as a JSON object (null before the administrator first saves): an expression, so the
 * statement that prices an order reads the settings in the same round trip (data/placing-reads.ts).
 */
export const DELIVERY_SETTINGS_JSON = `(SELECT json_build_object('unservedPrefixes', unserved_prefixes,
  'expressPrefixes', express_prefixes, 'cutoffTime', cutoff_time, 'holidays', holidays)
  FROM delivery_settings WHERE id = ${SETTINGS_ROW})`

/** The settings that row says; the defaults until the administrator first saves. */
export function deliverySettingsOf(row: SettingsRow | null | undefined): DeliverySettings {
  if (!row) return DEFAULT_DELIVERY_RULES
  return { ...row, holidays: deliveryHoliday.array().parse(row.holidays) }
}

/** The delivery settings row; the defaults until the administrator first saves. */
export function deliverySettingsStore(sql: RawSql) {
  return {
    async read(): Promise<DeliverySettings> {
      const [row] = await sql.$queryRawUnsafe<{ settings: SettingsRow | null }[]>(
        `SELECT ${DELIVERY_SETTINGS_JSON} AS settings`,
      )
      return deliverySettingsOf(row?.settings)
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
