import { Link } from "gatsby";
import React from "react";

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

/** A link from content: pages of the site through Gatsby (no reload), the rest safely. */
export function SmartLink({ to, className, children, newTabLabel, onClick, ...aria }: Props) {
  if (isInternal(to)) {
    return (
      <Link to={to} className={className} onClick={onClick} {...aria}>
        {children}
      </Link>
    );
  }
  if (to.startsWith("https://")) {
    return (
      <a href={to} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
        {newTabLabel && <span className="visually-hidden"> ({newTabLabel})</span>}
      </a>
    );
  }
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
