import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'

export interface Machine {
  cores: number
  cpu: string
  ramGiB: number
  node: string
  loadAverage: number
}

/** What the figures were measured on: absolute numbers vary from machine to machine, ratios less so. */
export function describeMachine(): Machine {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    ramGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: Number(loadavg()[0]!.toFixed(1)),
  }
}

export const machineLine = (m: Machine) =>
  `${m.cores} cores (${m.cpu}), ${m.ramGiB} GiB RAM, Node ${m.node}, load average ${m.loadAverage} at the start`
