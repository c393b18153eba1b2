import React from "react";
import { useRevealOnScroll } from "../../hooks/useRevealOnScroll";
import { ErrorBoundary } from "../ErrorBoundary";
import { Footer, type FooterProps } from "../Footer";
import { Island } from "../Island";
import { Navbar, type NavbarProps } from "../Navbar";
import { ScrollToTopButton } from "../ScrollToTopButton";
import { ServerHtml } from "../ServerHtml";
import "../../styles/global.css";
import * as styles from "./Layout.module.css";

export interface LayoutProps {
  navbar: NavbarProps;
  footer: FooterProps;
  labels: { skipToContent: string; scrollToTop: string };
  children: React.ReactNode;
}

/** The frame of every page: skip link, navigation, the page, footer and scroll-to-top arrow. */
export function Layout({ navbar, footer, labels, children }: LayoutProps) {
  useRevealOnScroll();
  return (
    <ErrorBoundary>
      <div id="top" tabIndex={-1} className={styles.top} />
      <a href="#main" className={styles.skip}>
        {labels.skipToContent}
      </a>
      <Island>
        <Navbar {...navbar} />
      </Island>
      {/* The site's address, for the print rules that write a link's address after it (global.css). */}
      <main
        id="main"
        tabIndex={-1}
        className={styles.main}
        style={{ "--site-url": JSON.stringify(navbar.printed.siteUrl) } as React.CSSProperties}
      >
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      <ServerHtml>
        <Footer {...footer} />
      </ServerHtml>
      <Island>
        <ScrollToTopButton label={labels.scrollToTop} />
      </Island>
    </ErrorBoundary>
  );
}
