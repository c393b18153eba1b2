export { Statement, type StatementProps } from "./Statement";
