import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback, type ErrorVariant } from './error-fallback';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Which fallback to show: 'generic' (Something went wrong), 'api' (API Error), 'form' (Form Error). */
  variant?: ErrorVariant;
  /** Called when the person presses Try again / Retry / Reset, before the children render again. */
  onReset?: () => void;
  /** When any of these values change (e.g. the active tab), a caught error is cleared. */
  resetKeys?: readonly unknown[];
  /** Replace the standard fallback entirely. */
  fallback?: (props: { error: Error; reset: () => void }) => ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches render errors below it so one broken area never blanks the whole app (spec 1 §2.4). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Caught by ErrorBoundary:', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && changed(previous.resetKeys, this.props.resetKeys)) this.setState({ error: null });
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error, reset: this.reset });
    return <ErrorFallback error={error} variant={this.props.variant ?? 'generic'} onReset={this.reset} />;
  }
}

function changed(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));
}
