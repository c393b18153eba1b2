import React, { useEffect, useId, useRef } from "react";
import { SmartLink } from "../SmartLink";
import * as styles from "./Navbar.module.css";
import { isCurrent, type NavLink } from "./types";

interface Props {
  label: string;
  items: readonly NavLink[];
  currentPath: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  onNavigate: () => void;
}

/** A disclosure menu: a button that shows a list of links (Enter, Space, Escape, arrows). */
export function Dropdown({ label, items, currentPath, open, onToggle, onNavigate }: Props) {
  const id = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? []);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) onToggle(false);
    };
    document.addEventListener("mousedown", closeOutside);
    return () => document.removeEventListener("mousedown", closeOutside);
  }, [open, onToggle]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape" && open) {
      event.preventDefault();
      onToggle(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the button, Down goes to the first link and Up to the last; in the list they wrap.
      const next = at === -1 ? (step === 1 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
      if (open) {
        all[next]?.focus();
      } else {
        onToggle(true);
        // A hidden link cannot take focus: wait for the list to be shown.
        window.requestAnimationFrame(() => links()[next]?.focus());
      }
    } else if ((event.key === "Home" || event.key === "End") && at !== -1) {
      event.preventDefault();
      all[event.key === "Home" ? 0 : all.length - 1]?.focus();
    }
  };

  const active = items.some((item) => isCurrent(item.link, currentPath));

  return (
    // Keys pressed on the button or on a link inside bubble up to one handler here.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li className={styles.dropdown} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`${styles.link} ${styles.dropdownButton} ${active ? styles.active : ""}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        {label}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      <ul id={id} className={`${styles.submenu} ${open ? styles.submenuOpen : ""}`}>
        {items.map((item) => (
          <li key={item.link}>
            <SmartLink
              to={item.link}
              className={styles.sublink}
              aria-current={isCurrent(item.link, currentPath) ? "page" : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
