import { render, screen, within } from "@testing-library/react";
import React from "react";
import { Documents } from "../../src/sections/Documents/Documents";
import { dayLabel, fileLabel } from "../../src/sections/Documents/display";

const labels = { issued: "Issued label", validUntil: "Valid until label" };
const file = (name: string, size: number) => ({ publicURL: `/static/0123abcd/${name}.pdf`, size });

describe("Documents", () => {
  it("links each current document, saying its type and size, with its dates beside the link", () => {
    render(
      <Documents
        title="Certificates"
        labels={labels}
        today="2026-06-15"
        documents={[
          { title: "Quality", file: file("quality", 430_080), issued: "2025-04-01", validUntil: "2026-06-15" },
          { title: "Datasheet", file: file("datasheet", 2_516_582) },
        ]}
      />,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/static/0123abcd/quality.pdf",
      "/static/0123abcd/datasheet.pdf",
    ]);
    // The link's name says what it fetches: a screen reader hears the type and size too.
    expect(links[0]).toHaveAccessibleName("Quality PDF, 420 KB");
    expect(links[1]).toHaveAccessibleName("Datasheet PDF, 2.4 MB");
    const [first, second] = screen.getAllByRole("listitem");
    expect(first).toHaveTextContent("Issued label 1 April 2025");
    // Valid through its last day.
    expect(first).toHaveTextContent("Valid until label 15 June 2026");
    expect(within(second).queryByText(/label/)).toBeNull();
  });

  it("leaves out a document whose last valid day is before the build's day", () => {
    render(
      <Documents
        title="Certificates"
        labels={labels}
        today="2026-06-16"
        documents={[
          { title: "Lapsed", file: file("lapsed", 1000), validUntil: "2026-06-15" },
          { title: "Current", file: file("current", 1000), validUntil: "2027-01-01" },
        ]}
      />,
    );
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual([expect.stringContaining("Current")]);
  });

  it("draws nothing, not even its heading, when every document has lapsed", () => {
    const { container } = render(
      <Documents
        title="Certificates"
        labels={labels}
        today="2030-01-01"
        documents={[{ title: "Lapsed", file: file("lapsed", 1000), validUntil: "2029-12-31" }]}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("fileLabel and dayLabel", () => {
  it.each([
    [1, "PDF, 1 KB"],
    [430_080, "PDF, 420 KB"],
    [1024 * 1024, "PDF, 1.0 MB"],
    [0, "PDF"],
  ])("%d bytes read %j", (bytes, label) => expect(fileLabel(bytes)).toBe(label));

  it("names the day a date means in every time zone", () => {
    expect(dayLabel("2027-03-31")).toBe("31 March 2027");
    expect(dayLabel("2028-02-29")).toBe("29 February 2028");
  });
});
