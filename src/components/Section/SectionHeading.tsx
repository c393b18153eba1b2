import React from "react";

interface Props {
  id: string;
  className?: string;
  children: React.ReactNode;
}

/**
 * A section's title: the section's one h2, which names it for screen readers
 * (aria-labelledby) and which the build's checks read as the page's outline. The lint
 * refuses an h2 written anywhere else in src/sections/; Section draws this for you.
 */
export function SectionHeading({ id, className, children }: Props) {
  return (
    <h2 id={id} className={className}>
      {children}
    </h2>
  );
}
