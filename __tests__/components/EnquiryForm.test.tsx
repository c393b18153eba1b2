import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import yaml from "js-yaml";
import fs from "node:fs";
import path from "node:path";
import React from "react";
import { EnquiryForm, type EnquiryWords } from "../../src/components/EnquiryForm";
import { FIELDS, HONEYPOT_FIELD } from "../../src/enquiry/rules";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";
import { footerProps } from "../helpers/site";
import { Footer } from "../../src/components/Footer";

// The tests' own wording (__tests__/fixtures/content/enquiry.yaml).
const words = yaml.load(
  fs.readFileSync(path.join(FIXTURE_PROJECT, "content", "enquiry.yaml"), "utf8"),
) as EnquiryWords & { privacy: { slug: string } };
const services = [
  { slug: "alpha", title: "Alpha Coating" },
  { slug: "beta", title: "Beta Finish" },
];

describe("EnquiryForm", () => {
  beforeEach(() => render(<EnquiryForm words={words} services={services} privacyPath="/data-notice" />));

  it("labels every field from content, with its autofill token, and posts multipart to the service", () => {
    for (const rule of FIELDS) {
      const input = screen.getByLabelText(
        new RegExp(words.form[rule.name].label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      expect(input).toHaveAttribute("name", rule.name);
      if (rule.autocomplete) expect(input).toHaveAttribute("autocomplete", rule.autocomplete);
      if (rule.required) expect(input).toBeRequired();
    }
    const form = document.querySelector("form")!;
    expect(form).toHaveAttribute("enctype", "multipart/form-data");
    expect(form).toHaveAttribute("method", "post");
  });

  it("offers each service, then other", () => {
    const options = [...document.querySelectorAll('select[name="service"] option')].map((o) => o.textContent);
    expect(options).toEqual([words.chooseService, "Alpha Coating", "Beta Finish", words.otherService]);
  });

  it("hides the robots' field from everyone", () => {
    const trap = document.querySelector(`[name="${HONEYPOT_FIELD}"]`)!;
    expect(trap.closest("[hidden]")).not.toBeNull();
    expect(trap).toHaveAttribute("tabindex", "-1");
  });

  it("says what is wrong with a field once it is left, in content's words, tied to the field", async () => {
    const email = screen.getByLabelText(words.form.email.label);
    await userEvent.type(email, "asha@");
    await userEvent.tab();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(expect.stringContaining(words.problems.email));
    await userEvent.type(email, "rao.test");
    expect(email).not.toHaveAttribute("aria-invalid");
  });

  it("moves focus to the first problem when sent incomplete", async () => {
    await userEvent.click(screen.getByRole("button", { name: words.submit }));
    expect(screen.getByLabelText(words.form.name.label)).toHaveFocus();
    expect(screen.getByLabelText(words.form.name.label)).toHaveAccessibleDescription(words.problems.required);
  });

  it("links the privacy notice beside the consent", () => {
    expect(screen.getByRole("link", { name: words.privacyLinkLabel })).toHaveAttribute("href", "/data-notice");
  });
});

describe("Footer on the quote form's pages", () => {
  it("links the map instead of framing it", () => {
    render(<Footer {...footerProps} embedMap={false} newTabLabel="new tab" />);
    expect(document.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("link", { name: /Map of Unit I/ })).toHaveAttribute("href", footerProps.map.embedUrl);
    expect(screen.getByRole("link", { name: footerProps.quote.label })).toHaveAttribute("href", footerProps.quote.path);
  });
});
