import { Picture, type ContentImage } from "../Picture";
import { Link } from "gatsby";
import React, { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../hooks/useHydrated";
import { SmartLink } from "../SmartLink";
import { Dropdown } from "./Dropdown";
import * as styles from "./Navbar.module.css";
import { isCurrent, type NavItem } from "./types";

export interface NavbarProps {
  logo: ContentImage | null;
  companyName: string;
  items: readonly NavItem[];
  currentPath: string;
  labels: { mainNavigation: string; openMenu: string; closeMenu: string };
}

/** The bar fixed at the top of every page; below 992 px its links fold into a toggled menu. */
export function Navbar({ logo, companyName, items, currentPath, labels }: NavbarProps) {
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

  return (
    <header className={styles.bar} data-ready={ready}>
      <nav className={styles.inner} aria-label={labels.mainNavigation}>
        <Link to="/" className={styles.brand} onClick={closeAll}>
          <Picture image={logo} alt="" className={styles.logo} fit="contain" />
          <span className={styles.brandName}>{companyName}</span>
        </Link>
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
          {items.map((item) =>
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
        </ul>
      </nav>
    </header>
  );
}
