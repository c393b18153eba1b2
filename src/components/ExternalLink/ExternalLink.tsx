import React from "react";

interface Props {
  href: string;
  className?: string;
  style?: React.CSSProperties;
  /** Read after the text by screen readers: the link opens a new tab. */
  newTabLabel?: string;
  onClick?: () => void;
  children: React.ReactNode;
}

/**
 * A link to another host, opened in a new tab. The only place the site writes
 * `target="_blank"` (the lint refuses it elsewhere), so every such link carries
 * rel="noopener noreferrer": the other page cannot reach back into this one, and is not
 * told which page sent the visitor.
 */
export function ExternalLink({ href, className, style, newTabLabel, onClick, children }: Props) {
  return (
    // eslint-disable-next-line no-restricted-syntax -- this component is the rule's one exception
    <a href={href} className={className} style={style} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      {newTabLabel && <span className="visually-hidden"> ({newTabLabel})</span>}
    </a>
  );
}
