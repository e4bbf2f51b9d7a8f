/**
 * What Linux's /proc says of a process: its CPU time and resident memory. A module of its own, so a
 * measured process (bench:gateway's children import their own bench file) loads nothing else.
 */
import { readFileSync } from 'node:fs'

/** Linux reports CPU time in USER_HZ ticks: 100 a second. */
export const MS_PER_TICK = 10

/** CPU milliseconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
  } catch {
    return 0
  }
}

/** Resident memory of a process in MB (VmRSS), NaN once it is gone. */
export function residentMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}
