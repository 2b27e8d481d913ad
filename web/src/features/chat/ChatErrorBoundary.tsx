import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Spec part 2 §4: three retries, then only a refresh. */
export const MAX_CHAT_RETRIES = 3;

interface State {
  error: Error | null;
  retries: number;
}

/** Catches render errors anywhere in the chat screen: 'Chat System Error' with a retry counter. */
export class ChatErrorBoundary extends Component<{ children: ReactNode; onRetry?: () => void }, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Chat System Error', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState((state) => ({ error: null, retries: state.retries + 1 }));
  };

  override render() {
    const { error, retries } = this.state;
    if (!error) return this.props.children;
    const exhausted = retries >= MAX_CHAT_RETRIES;
    return (
      <section className="chat-crash" role="alert">
        <h1 className="chat-crash__title">Chat System Error</h1>
        {exhausted ? (
          <p>We&apos;ve tried multiple times but couldn&apos;t load the chat system. Please refresh the page.</p>
        ) : (
          <>
            <p>Something went wrong while loading your conversations.</p>
            <p className="muted">
              Retries used: {retries} of {MAX_CHAT_RETRIES}
            </p>
          </>
        )}
        <div className="button-row">
          {!exhausted && (
            <button type="button" className="button button--primary" onClick={this.retry}>
              Try Again
            </button>
          )}
          <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
        </div>
      </section>
    );
  }
}
