/**
 * The whole contract between the shell and a remote: a remote exposes `./routes`, a module whose
 * `routes` export maps each route path it owns (a react-router pattern, as in the shell's table) to the
 * element the shell renders for it inside its own router and layout. Remotes never render a router.
 *
 * Each remote narrows this with its own path union in `src/contract.ts` (exported as
 * `@medstore/<remote>/contract`); the shell imports only those types. No dts plugin.
 */
import type { ReactNode } from 'react'

export interface RemoteRoutesModule<Path extends string> {
  routes: Readonly<Record<Path, ReactNode>>
}

/** Federation names of the three remotes (JS identifiers: they are also global variable names). */
export type RemoteName = 'mfe_store' | 'mfe_checkout' | 'mfe_vendor'

/** The shell's runtime `/remotes.json`: remote name → URL of its `mf-manifest.json`. */
export type RemotesMap = Record<RemoteName, string>
