import { Picture, type ContentImage } from "../Picture";
import { Link } from "gatsby";
import React, { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../hooks/useHydrated";
import { LanguageSwitch, type LanguageLink } from "../LanguageSwitch";
import { SmartLink } from "../SmartLink";
import { Dropdown } from "./Dropdown";
import * as styles from "./Navbar.module.css";
import { isCurrent, type NavItem } from "./types";

export interface NavbarProps {
  logo: ContentImage | null;
  companyName: string;
  items: readonly NavItem[];
  currentPath: string;
  /**
   * The quote form's button, at every width. A navigation item to the same page is this
   * button, in that item's words (staff's navigation wording wins); without one, `label`.
   */
  quote: { label: string; path: string };
  /** At the top of a printed page: the company's full name and the site's address. */
  printed: { companyName: string; siteUrl: string };
  labels: { mainNavigation: string; openMenu: string; closeMenu: string };
  /** The home page in this page's language ("/" or "/de"). */
  homePath?: string;
  /** This page's twins in other languages, offered as the menu's last items. */
  languages?: readonly LanguageLink[];
}

/** The bar fixed at the top of every page; below 992 px its links fold into a toggled menu. */
export function Navbar({
  logo,
  companyName,
  items,
  currentPath,
  quote,
  printed,
  labels,
  homePath = "/",
  languages = [],
}: NavbarProps) {
  const ready = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A tap before hydration may have opened the menu already (src/browser/early.ts): take it over.
  useEffect(() => {
    if (toggle.current?.getAttribute("aria-expanded") === "true") setMenuOpen(true);
  }, []);

  // Closing the menu closes its open drop-down too.
  const closeAll = useCallback(() => {
    setMenuOpen(false);
    setOpenDropdown(null);
  }, []);
  const toggleMenu = () => (menuOpen ? closeAll() : setMenuOpen(true));
  const menuItems = items.filter((item) => item.link !== quote.path);
  const quoteLabel = items.find((item) => item.link === quote.path)?.label ?? quote.label;

  return (
    // shown-when-read: the toggle or the links arrive after the quote button and would move it.
    <header className={`${styles.bar} shown-when-read`} data-ready={ready}>
      <nav className={`container ${styles.inner}`} aria-label={labels.mainNavigation}>
        <Link to={homePath} className={styles.brand} onClick={closeAll}>
          <Picture image={logo} alt="" className={styles.logo} fit="contain" />
          <span className={styles.brandName}>{companyName}</span>
          {/* Paper only: who the page is from and where it is online, for whoever it is handed to. */}
          <span className={styles.printed} aria-hidden="true">
            {printed.companyName}
            <br />
            {printed.siteUrl}
          </span>
        </Link>
        {/* A plain link: the form's page loads its own script, which no other page needs. */}
        <a
          href={quote.path}
          className={`button button-gold ${styles.quote}`}
          aria-current={isCurrent(quote.path, currentPath) ? "page" : undefined}
        >
          {quoteLabel}
        </a>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          data-menu-toggle=""
          data-open-label={labels.openMenu}
          data-close-label={labels.closeMenu}
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? labels.closeMenu : labels.openMenu}
          onClick={toggleMenu}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
        </button>
        <ul id="site-menu" className={styles.menu}>
          {menuItems.map((item) =>
            item.children?.length ? (
              <Dropdown
                key={item.label}
                label={item.label}
                items={item.children}
                currentPath={currentPath}
                open={openDropdown === item.label}
                onToggle={(open) => setOpenDropdown(open ? item.label : null)}
                onNavigate={closeAll}
              />
            ) : (
              <li key={item.label}>
                <SmartLink
                  to={item.link ?? "/"}
                  className={styles.link}
                  aria-current={isCurrent(item.link ?? "/", currentPath) ? "page" : undefined}
                  onClick={closeAll}
                >
                  {item.label}
                </SmartLink>
              </li>
            ),
          )}
          <LanguageSwitch links={languages} className={styles.link} />
        </ul>
      </nav>
    </header>
  );
}
