import { render, screen } from "@testing-library/react";
import React from "react";
import { ERROR_HEADING } from "../../src/components/ErrorBoundary";
import { Layout } from "../../src/components/Layout";
import { Statement } from "../../src/sections/Statement/Statement";
import { footerProps, navbarProps } from "../helpers/site";

const labels = { skipToContent: "Skip to content", scrollToTop: "Back to top" };

function BrokenSection(): React.ReactElement {
  throw new Error("The section's data is missing.");
}

describe("Layout", () => {
  it("frames a page with a skip link, the navigation, the page and the footer", () => {
    render(
      <Layout navbar={navbarProps} footer={footerProps} labels={labels}>
        <Statement title="Welcome" paragraphs={["Hello."]} />
      </Layout>,
    );
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Welcome");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' with the message when a section throws, keeping navigation and footer", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <Layout navbar={navbarProps} footer={footerProps} labels={labels}>
        <Statement title="Fine" paragraphs={["Fine."]} />
        <BrokenSection />
      </Layout>,
    );
    expect(screen.getByRole("heading", { level: 1, name: ERROR_HEADING })).toBeInTheDocument();
    expect(ERROR_HEADING).toBe("Unexpected Application Error!");
    expect(screen.getByRole("alert")).toHaveTextContent("The section's data is missing.");
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });
});
