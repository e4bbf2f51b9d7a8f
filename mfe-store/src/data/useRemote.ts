import { serverText } from '@medstore/ui'
import { failureText } from '@medstore/web-client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { t } from '../i18n.ts'

export type Remote<T> =
  | { status: 'loading'; data?: T }
  | { status: 'error'; message: string; data?: T }
  | { status: 'done'; data: T }

/** A failure in the reader's language: the server's error code when the UI kit knows it, else its message. */
const messageOf = (error: unknown) =>
  error instanceof Error ? serverText(failureText(error)) : t('remote.failed')

/**
 * Loads `load(signal)` whenever `key` changes (a new key aborts the old request, so a slow stale answer
 * never overwrites a newer one) and on `reload()`. The previous data stays while a new page loads.
 * `early`: the answer the page already has for the first key (index.html read it to paint the page,
 * `storeApi.peek…`): the first render draws it and nothing is fetched for that key.
 */
export function useRemote<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  early?: () => T | undefined,
) {
  const [state, setState] = useState<Remote<T>>(() => {
    const data = early?.()
    return data === undefined ? { status: 'loading' } : { status: 'done', data }
  })
  const [attempt, setAttempt] = useState(0)
  const hadEarly = useRef(state.status === 'done')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads
  useEffect(() => {
    if (hadEarly.current) {
      hadEarly.current = false
      return
    }
    const controller = new AbortController()
    setState((prev) => ({ status: 'loading', ...(prev.data !== undefined ? { data: prev.data } : {}) }))
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'done', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: messageOf(error) })
      },
    )
    return () => controller.abort()
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, reload } as Remote<T> & { reload: () => void }
}
