import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  fallback: (error: unknown, reset: () => void) => ReactNode
  /** When this changes (e.g. the route), a caught error is cleared and the children render again. */
  resetKey?: unknown
}

interface State {
  caught: { error: unknown } | null
  resetKey: unknown
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { caught: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null
    return { caught: null, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] render error caught by boundary', error, info.componentStack)
  }

  reset = (): void => {
    this.setState({ caught: null })
  }

  override render(): ReactNode {
    if (this.state.caught) return this.props.fallback(this.state.caught.error, this.reset)
    return this.props.children
  }
}
