import React from "react";
import { LANGUAGES, type Language } from "../../schema/languages";

export interface LanguageLink {
  language: Language;
  /** This page's twin in that language. */
  path: string;
}

interface Props {
  links: readonly LanguageLink[];
  className?: string;
}

/**
 * The same page in each other language it is published in, named in that language
 * ("Deutsch", "English"). A plain link: it remembers nothing and the page loads whole,
 * in its own language. With JavaScript it keeps the section being read (#hash).
 */
export function LanguageSwitch({ links, className }: Props) {
  return (
    <>
      {links.map(({ language, path }) => (
        <li key={language}>
          <a
            href={path}
            className={className}
            lang={language}
            hrefLang={language}
            onClick={(event) => {
              if (window.location.hash) event.currentTarget.href = `${path}${window.location.hash}`;
            }}
          >
            {LANGUAGES[language].name}
          </a>
        </li>
      ))}
    </>
  );
}
