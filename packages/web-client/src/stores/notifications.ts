import { create } from 'zustand'

/**
 * Toasts (spec: success or error, a message and an optional description; 4.5 s, top right), plus
 * 'info' for neutral notices that are neither (e.g. 'please sign in').
 */
export type ToastType = 'success' | 'info' | 'error'

/**
 * Text from the server (a failed request's message) with the code of its error body, so the toaster can
 * show it in the reader's language (`serverText` in @medstore/ui) and the server's words otherwise.
 */
export interface CodedText {
  message: string
  code?: string
}

export interface Toast {
  id: number
  type: ToastType
  message: string
  /** The server's error code `message` is the text of, when it is a server's error. */
  code?: string
  description?: string
  /** Likewise for `description`. */
  descriptionCode?: string
}

export const TOAST_DURATION_MS = 4_500

interface NotificationState {
  toasts: Toast[]
  /** Shows a toast for TOAST_DURATION_MS (or `durationMs`); returns its id. */
  notify(toast: Omit<Toast, 'id'>, durationMs?: number): number
  dismiss(id: number): void
}

let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  toasts: [],
  notify(toast, durationMs = TOAST_DURATION_MS) {
    const id = nextId++
    // The same message twice in a row (e.g. two failing requests) is shown once, with a fresh timer.
    const same = get().toasts.find((t) => t.type === toast.type && t.message === toast.message)
    if (same) get().dismiss(same.id)
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }))
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), durationMs),
    )
    return id
  },
  dismiss(id) {
    clearTimeout(timers.get(id))
    timers.delete(id)
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }))
  },
}))

const coded = (text: string | CodedText): CodedText => (typeof text === 'string' ? { message: text } : text)

const notifier =
  (type: ToastType) =>
  (title: string | CodedText, detail?: string | CodedText): number => {
    const { message, code } = coded(title)
    const description = detail === undefined ? undefined : coded(detail)
    return useNotificationStore.getState().notify({
      type,
      message,
      ...(code ? { code } : {}),
      ...(description?.message ? { description: description.message } : {}),
      ...(description?.message && description.code ? { descriptionCode: description.code } : {}),
    })
  }

export const toast = { success: notifier('success'), info: notifier('info'), error: notifier('error') }
