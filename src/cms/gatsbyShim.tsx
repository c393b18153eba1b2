// The previews run outside Gatsby: its Link becomes a plain link that goes nowhere,
// so a click in the preview pane does not navigate away from the entry being edited,
// and its graphql tag (the fragments beside the sections) yields nothing.
import React from "react";

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
};

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, activeClassName: _active, partiallyActive: _partial, onClick, children, ...rest },
  ref,
) {
  return (
    <a
      ref={ref}
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
      }}
    >
      {children}
    </a>
  );
});

/** Query fragments beside the components mean nothing here: the previews pass data in. */
export const graphql = () => "";
