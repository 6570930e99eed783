// A render failure inside the page shows a message and a way to try again instead of a blank screen.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Navigating elsewhere (a new value) clears the failure. */
  resetKey?: string;
  /** Run before rendering again, e.g. to load the page's data afresh; the retry waits for it. */
  onReset?: () => Promise<void> | void;
}

interface State {
  error: Error | null;
  retrying: boolean;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, retrying: false };
  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, retrying: false };
  }
  componentDidCatch(error: Error) {
    console.error('Ошибка отрисовки страницы:', error);
  }
  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null, retrying: false });
  }
  private retry = async () => {
    this.setState({ retrying: true });
    try {
      await this.props.onReset?.();
    } finally {
      this.setState({ error: null, retrying: false });
    }
  };
  render() {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-panel" role="alert">
        <h1>На странице произошёл сбой</h1>
        <p className="error-panel__message"><code>{error.message}</code></p>
        <button type="button" className="button button--primary" onClick={this.retry} disabled={retrying} aria-busy={retrying || undefined}>Попробовать снова</button>
      </div>
    );
  }
}
