// Errors in plain words, never a blank screen.
import { Component, type ReactNode } from 'react';
import { describeError } from './error-words.ts';

// Every screen words its errors through one function; it is imported from here as often as from its own file.
export { describeError };

/** `reassurance`: what is safe whatever went wrong, said after the failure ("Your changes are kept…"). */
export function ErrorNotice({ error, onDismiss, reassurance }: { error: unknown; onDismiss?: () => void; reassurance?: string }) {
  if (!error) return null;
  return (
    <div className="notice notice-error" role="alert">
      <span>{describeError(error)}{reassurance ? ` ${reassurance}` : ''}</span>
      {onDismiss && <button type="button" className="link" onClick={onDismiss}>Dismiss</button>}
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="screen">
        <h1>Something went wrong on this screen</h1>
        <ErrorNotice error={this.state.error} />
        <button type="button" onClick={() => this.setState({ error: null })}>Try again</button>
      </div>
    );
  }
}
