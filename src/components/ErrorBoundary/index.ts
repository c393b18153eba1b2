export { ErrorBoundary, ERROR_HEADING } from "./ErrorBoundary";
