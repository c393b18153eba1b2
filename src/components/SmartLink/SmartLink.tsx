import { Link } from "gatsby";
import React from "react";
import { scrollBehavior } from "../../hooks/useReducedMotion";
import { ExternalLink } from "../ExternalLink";
import { useLocalLink } from "../../language/PageLanguageContext";

interface Props {
  to: string;
  className?: string;
  children: React.ReactNode;
  /** Read after the text by screen readers when the link opens a new tab. */
  newTabLabel?: string;
  onClick?: () => void;
  "aria-current"?: "page";
}

const isInternal = (to: string) => to.startsWith("/");
const withoutSlash = (path: string) => path.replace(/\/+$/, "") || "/";

/** Whether two paths name the same page ("/x" and "/x/" alike). */
export const samePath = (a: string, b: string) => withoutSlash(a) === withoutSlash(b);

/**
 * A link to a section of the page being shown ("/#clients" on the home page) scrolls
 * there smoothly, unless the visitor prefers less motion, and moves keyboard focus
 * there too. Links to other pages (with or without a hash) go through Gatsby.
 */
function scrollToSectionOnThisPage(to: string, event: React.MouseEvent) {
  const [path, hash] = to.split("#");
  if (!hash || !samePath(path, window.location.pathname)) return;
  const target = document.getElementById(hash);
  if (!target) return;
  event.preventDefault();
  window.history.pushState(window.history.state, "", to);
  target.scrollIntoView({ behavior: scrollBehavior() });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * A link from content: pages of the site through Gatsby (no reload), in the page's language
 * where the page is in it; the rest safely.
 */
export function SmartLink({ to: link, className, children, newTabLabel, onClick, ...aria }: Props) {
  const to = useLocalLink()(link);
  if (isInternal(to)) {
    const onInternalClick = (event: React.MouseEvent) => {
      scrollToSectionOnThisPage(to, event);
      onClick?.();
    };
    return (
      <Link to={to} className={className} onClick={onInternalClick} {...aria}>
        {children}
      </Link>
    );
  }
  if (to.startsWith("https://")) {
    return (
      <ExternalLink href={to} className={className} newTabLabel={newTabLabel} onClick={onClick}>
        {children}
      </ExternalLink>
    );
  }
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
