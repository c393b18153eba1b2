import { createContext } from "react";

/** True below an Island: ServerHtml asserts it is not (see ServerHtml.tsx). */
export const InsideIsland = createContext(false);
