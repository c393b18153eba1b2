import { createContext, useContext } from "react";
import { ENGLISH_PAGE, localLink, type PageLanguage } from "./paths";

// The page's language, for the links deep in its sections (PageShell provides it).
const PageLanguageContext = createContext<PageLanguage>(ENGLISH_PAGE);

export const PageLanguageProvider = PageLanguageContext.Provider;

export const usePageLanguage = () => useContext(PageLanguageContext);

/** Where a content link leads on the page being shown (see localLink). */
export function useLocalLink(): (link: string) => string {
  const page = useContext(PageLanguageContext);
  return (link) => localLink(link, page);
}
