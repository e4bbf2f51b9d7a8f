import { useCallback, useEffect, useRef, useState } from 'react'

export type Load<T> =
  | { status: 'loading'; data?: T }
  | { status: 'error'; error: string; data?: T }
  | { status: 'ready'; data: T }

/** A failure's text as the back office shows it: the server's message. */
const serverMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs `load` whenever `key` changes (e.g. the filters and page) and keeps the answer, the failure
 * message (`describe`: a shopper's screen passes one in the reader's language) or the loading state for
 * the panel to show. An answer that arrives after a newer request
 * started is dropped, so a quick second filter never shows the first one's rows. `update` changes the
 * kept answer in place (a row the user just changed) without asking the server again.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
  describe: (error: unknown) => string = serverMessage,
) {
  const describeRef = useRef(describe)
  describeRef.current = describe
  const [state, setState] = useState<Load<T>>({ status: 'loading' })
  const latest = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const run = useCallback(() => {
    const ticket = ++latest.current
    setState((previous) => ({ status: 'loading', data: previous.data }))
    loadRef.current().then(
      (data) => {
        if (ticket === latest.current) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (ticket === latest.current)
          setState((previous) => ({
            status: 'error',
            error: describeRef.current(error),
            data: previous.data,
          }))
      },
    )
  }, [])

  const update = useCallback((change: (data: T) => T) => {
    setState((previous) =>
      previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous,
    )
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything the load depends on
  useEffect(run, [key])
  return [state, run, update] as const
}
