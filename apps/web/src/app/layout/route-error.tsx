import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A change (the path) clears a caught error, so navigating elsewhere starts fresh. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
}

/**
 * Catches a page that fails to render, most often because its code chunk could not be
 * downloaded (offline, or a new deployment replaced the files): a reload fixes the latter.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render:', error, info.componentStack);
  }

  override componentDidUpdate(prevProps: RouteErrorBoundaryProps): void {
    if (prevProps.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Container className="py-16 text-center sm:py-24">
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">
          This page could not be loaded. Please try again.
        </p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Container>
    );
  }
}
