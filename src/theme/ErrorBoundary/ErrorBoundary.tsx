// A render failure inside the page shows a message and a way to try again instead of a blank screen.
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error('Ошибка отрисовки страницы:', error);
  }
  componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere clears the failure.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-panel" role="alert">
        <h1>На странице произошёл сбой</h1>
        <p className="error-panel__message"><code>{this.state.error.message}</code></p>
        <button type="button" className="button button--primary" onClick={() => this.setState({ error: null })}>Попробовать снова</button>
      </div>
    );
  }
}
