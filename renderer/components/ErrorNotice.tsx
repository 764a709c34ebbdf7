// Errors in plain words, never a blank screen.
import { Component, type ReactNode } from 'react';
import { SiteError } from '../../shared/site-client.ts';

export function describeError(error: unknown): string {
  if (error instanceof SiteError) {
    const params = error.data?.params ? Object.values(error.data.params).join(' ') : '';
    return [error.message, params].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorNotice({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  if (!error) return null;
  return (
    <div className="notice notice-error" role="alert">
      <span>{describeError(error)}</span>
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
