/** The names one service is known by, all from the one it is created with (`npm run new:service -- <name>`). */
export interface ServiceNames {
  /** The service, its directory, its path family and its bus queue: `prescription`. */
  name: string
  /** Its types: `Prescription`. */
  pascal: string
  /** Its port: one past the highest of the listed services. */
  port: number
}

/**
 * One lower-case word: it is a directory, a URL path, a database name (medstore_<name>), an environment
 * variable (<NAME>_URL) and a TypeScript identifier (<name>Service) without any conversion between them.
 */
const NAME = /^[a-z][a-z0-9]{1,29}$/

/** Why `name` cannot be a new service's name, or undefined when it can. */
export function nameProblem(name: string, taken: readonly string[]): string | undefined {
  if (!NAME.test(name))
    return `"${name}" is not one lower-case word of 2–30 letters and digits, starting with a letter (e.g. prescription)`
  if (taken.includes(name))
    return `"${name}" is taken: there is already a service, path or package of that name`
  return undefined
}

export function serviceNames(name: string, ports: readonly number[]): ServiceNames {
  return { name, pascal: name[0]!.toUpperCase() + name.slice(1), port: Math.max(4000, ...ports) + 1 }
}
