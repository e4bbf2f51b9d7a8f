/**
 * CPU meters for benches: CPU milliseconds used by a process of the product, or by the PostgreSQL
 * backends serving a database, since start(). Linux (/proc, bench/lib/proc.ts).
 */
import { readFileSync } from 'node:fs'
import type pg from 'pg'
import { cpuMs, MS_PER_TICK } from './proc'
import type { ProductProcess } from './product'

/** CPU milliseconds used by something since start(). */
export type Meter = { name: string; start: () => Promise<void>; read: () => Promise<number> }

export function processMeter(name: string, { slice }: ProductProcess): Meter {
  let before = 0
  return {
    name,
    start: async () => {
      before = cpuMs(slice.pid)
    },
    read: async () => cpuMs(slice.pid) - before,
  }
}

async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ])
  return rows.map((row) => row.pid)
}

/** A database's backends (`admin` is a connected client); one that opened during the measurement counts whole. */
export function databaseMeter(admin: pg.Client, name: string, database: string): Meter {
  let before = new Map<number, number>()
  return {
    name,
    start: async () => {
      before = new Map((await backendPids(admin, database)).map((pid) => [pid, cpuMs(pid)]))
    },
    read: async () =>
      (await backendPids(admin, database)).reduce((sum, pid) => sum + cpuMs(pid) - (before.get(pid) ?? 0), 0),
  }
}

/** CPU milliseconds the whole machine was busy (every process, the kernel, RabbitMQ, PostgreSQL) since start(). */
export function machineMeter(): Meter {
  const busy = () => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number)
    const [user, nice, system, , , irq, softirq, steal] = ticks as number[]
    return (user! + nice! + system! + irq! + softirq! + steal!) * MS_PER_TICK
  }
  let before = 0
  return {
    name: 'whole machine',
    start: async () => {
      before = busy()
    },
    read: async () => busy() - before,
  }
}
