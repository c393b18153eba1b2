import React from "react";
import * as styles from "./ErrorBoundary.module.css";

// The spec's wording for a page that failed to render; shown with the error's message.
export const ERROR_HEADING = "Unexpected Application Error!";

interface State {
  error: Error | null;
}

/** Shows the error page instead of a blank screen when anything below it throws. */
export class ErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className={`container ${styles.error}`} role="alert">
        <h1>{ERROR_HEADING}</h1>
        <p>{error.message || error.name}</p>
      </div>
    );
  }
}
