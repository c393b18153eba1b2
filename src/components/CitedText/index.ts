export { CitedText, StandardsProvider, useStandards } from "./CitedText";
export { citations, type CitedStandard } from "./citations";
