import { Component, type ErrorInfo, type ReactNode } from 'react';
import { renderEntry } from '../entry';
import { recordError } from '../record';

interface Props {
  children: ReactNode;
  /** What to show instead of the children; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** A change of this value (e.g. the route) clears a caught error. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors of its subtree, logs them (type `react`) and shows the fallback.
 * React offers boundaries only as class components.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError(renderEntry(error, info.componentStack));
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey)) this.reset();
  }

  reset = (): void => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
