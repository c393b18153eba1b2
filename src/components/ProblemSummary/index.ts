export { ProblemSummary, type ProblemLine } from "./ProblemSummary";
