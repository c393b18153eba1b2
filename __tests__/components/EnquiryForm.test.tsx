import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseYaml } from "../../src/schema/yaml";
import fs from "node:fs";
import path from "node:path";
import React from "react";
import { EnquiryForm, type EnquiryWords } from "../../src/components/EnquiryForm";
import { HONEYPOT_FIELD, formFields, problemText, questionFields } from "../../src/enquiry/rules";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";
import { footerProps } from "../helpers/site";
import { Footer } from "../../src/components/Footer";

// The tests' own wording (__tests__/fixtures/content/enquiry.yaml).
const words = (
  parseYaml(fs.readFileSync(path.join(FIXTURE_PROJECT, "content", "enquiry.yaml"), "utf8")) as {
    en: EnquiryWords & { privacy: { slug: string } };
  }
).en;
const services = [
  { slug: "alpha", title: "Alpha Coating" },
  { slug: "beta", title: "Beta Finish" },
];

describe("EnquiryForm", () => {
  beforeEach(() => render(<EnquiryForm words={words} services={services} privacyPath="/data-notice" />));

  it("labels every field from content, with its autofill token, and posts multipart to the service", () => {
    for (const rule of formFields(words.form).filter((r) => r.input !== "radios" && r.input !== "checkboxes")) {
      const input = screen.getByLabelText(new RegExp(`^${rule.words.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      expect(input).toHaveAttribute("name", rule.name);
      if (rule.autocomplete) expect(input).toHaveAttribute("autocomplete", rule.autocomplete);
      if (rule.required && rule.input !== "file") expect(input).toBeRequired();
    }
    const form = document.querySelector("form")!;
    expect(form).toHaveAttribute("enctype", "multipart/form-data");
    expect(form).toHaveAttribute("method", "post");
  });

  it("asks content's questions after the part size, each kind as it should be", () => {
    const questions = words.form.questions ?? [];
    expect(questions.length).toBeGreaterThan(0);
    const names = [...document.querySelectorAll("[data-field]")].map((field) => field.getAttribute("data-field"));
    const firstQuestion = questionFields(formFields(words.form))[0].name;
    expect(names.indexOf("partSize")).toBe(names.indexOf(firstQuestion) - 1);
    for (const question of questions) {
      if (question.kind === "choice" || question.kind === "choices") {
        const group = screen.getByRole("group", { name: new RegExp(`^${question.label}`) });
        const type = question.kind === "choice" ? "radio" : "checkbox";
        const inputs = [...group.querySelectorAll("input")];
        expect(inputs.map((input) => [input.type, input.value])).toEqual(question.options!.map((o) => [type, o]));
      } else {
        const input = screen.getByLabelText(new RegExp(`^${question.label}`));
        const tag = question.kind === "longText" ? "TEXTAREA" : "INPUT";
        expect(input.tagName).toBe(tag);
        if (question.kind === "date") expect(input).toHaveAttribute("type", "date");
        if (question.kind === "country") expect(input).toHaveAttribute("autocomplete", "country-name");
        if (question.required === "yes") expect(input).toBeRequired();
      }
    }
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

  it("sent incomplete, lists each problem above the form in its own words, takes focus and links each field", async () => {
    await userEvent.click(screen.getByRole("button", { name: words.submit }));
    const summary = document.getElementById("enquiry-problems")!;
    expect(summary).toHaveFocus();
    expect(summary.querySelector("h2")).toHaveTextContent(words.problems.summary);
    const links = [...summary.querySelectorAll("a")];
    const required = formFields(words.form).filter((rule) => rule.required && rule.input !== "file");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(required.map((rule) => `#enquiry-${rule.name}`));
    // A field's own words when content gives them, else the form's, after its label.
    const name = required.find((rule) => rule.name === "name")!;
    expect(links[0]).toHaveTextContent(name.words.missing ?? `${name.words.label}: ${words.problems.required}`);
    expect(screen.getByLabelText(/^Your name/)).toHaveAccessibleDescription(
      [name.words.help, problemText(words.problems, "required", name)].filter(Boolean).join(" "),
    );
    await userEvent.click(links[1]);
    expect(document.getElementById(`enquiry-${required[1].name}`)).toHaveFocus();
  });

  it("says when a date is not a date, in the question's own words", async () => {
    const date = formFields(words.form).find((rule) => rule.input === "date");
    expect(date).toBeDefined();
    const input = document.getElementById(`enquiry-${date!.name}`) as HTMLInputElement;
    // jsdom keeps what a browser's date picker would refuse: the service checks the same way.
    input.type = "text";
    await userEvent.type(input, "2027-02-30");
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription(date!.words.invalid!);
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

describe("EnquiryForm reached from the estimate desk's firm-quote button", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("sends the desk's figures in its hidden field and says so under the button", () => {
    window.history.replaceState(
      null,
      "",
      `/ask?service=beta&estimate=${encodeURIComponent("process=beta&thickness=50&price=1")}`,
    );
    render(<EnquiryForm words={words} services={services} privacyPath="/data-notice" />);
    const form = document.querySelector("form")!;
    // As they came: the service reads the desk's fields among them and nothing else.
    expect(new FormData(form).get("estimate")).toBe("process=beta&thickness=50&price=1");
    expect(screen.getByText(words.estimateNote!)).toBeVisible();
    expect((form.elements.namedItem("service") as HTMLSelectElement).value).toBe("beta");
  });

  it("sends an empty field and hides the note when the buyer came from anywhere else", () => {
    render(<EnquiryForm words={words} services={services} privacyPath="/data-notice" />);
    expect(new FormData(document.querySelector("form")!).get("estimate")).toBe("");
    expect(screen.getByText(words.estimateNote!)).not.toBeVisible();
  });
});
