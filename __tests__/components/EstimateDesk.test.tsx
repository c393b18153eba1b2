import { act, fireEvent, render, screen } from "@testing-library/react";
import React from "react";
import { EstimateDesk } from "../../src/components/EstimateDesk";
import type { StandardChoice } from "../../src/estimate/form";
import { desk as testDesk } from "../estimate/desk";

// The tests' desk: its words are their names ("word thickness"), its sayings their names
// and the figures put in them ("leadTime 7").
const today = new Date().toISOString().slice(0, 10);
const standards: StandardChoice[] = [
  { slug: "std-one", designation: "STD 1", offered: [{ designation: "Type X", service: "colour" }] },
];

function renderDesk() {
  const desk = testDesk();
  desk.processes.forEach((process) => (process.leadTime.setOn = today));
  render(
    <EstimateDesk
      desk={desk}
      processNames={{ hard: "Hard", colour: "Colour" }}
      standards={standards}
      locale="en-IN"
      language="en"
      action="/api/enquiry/estimate"
      quotePath="/ask"
      today={today}
    />,
  );
  return desk;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
const answerPlace = () => document.getElementById("estimate-said")!;

function describeShaft() {
  fireEvent.click(screen.getByLabelText("word roundBar"));
  type("word thickness", "50");
  type("word diameter", "40");
  type("word length", "300");
  type("word mass", "2");
  type("word quantity", "10");
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("the estimate desk in the browser", () => {
  it("says what it waits for, then answers as the buyer types, marking nothing", () => {
    renderDesk();
    expect(answerPlace()).toHaveTextContent("word waiting");
    describeShaft();
    expect(answerPlace()).toHaveTextContent("areaWorkedOut");
    expect(answerPlace()).not.toHaveTextContent("word waiting");
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it("lists the problems when the button is pressed: the summary takes focus, each field is marked", () => {
    renderDesk();
    type("word mass", "heavy");
    fireEvent.click(screen.getByRole("button", { name: "word submit" }));
    const summary = screen.getByRole("heading", { name: "word problems.summary" }).parentElement!;
    expect(summary).toHaveFocus();
    const mass = screen.getByLabelText("word mass", { selector: "input" });
    expect(mass).toHaveAttribute("aria-invalid", "true");
    expect(mass).toHaveAccessibleDescription("word problems.number");
    expect(screen.getByRole("link", { name: "word thickness: word problems.required" })).toBeInTheDocument();

    // A link takes focus to its field; a field put right leaves the list at once.
    fireEvent.click(screen.getByRole("link", { name: "word mass: word problems.number" }));
    expect(mass).toHaveFocus();
    type("word mass", "2");
    expect(mass).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("link", { name: /^word mass/ })).toBeNull();
  });

  it("takes focus to the answer when the button is pressed on a part described in full", () => {
    renderDesk();
    describeShaft();
    fireEvent.click(screen.getByRole("button", { name: "word submit" }));
    expect(screen.getByRole("heading", { name: "word answerTitle" })).toHaveFocus();
    expect(document.getElementById("estimate-problems")).toBeEmptyDOMElement();
  });

  it("chooses the standard, its first type and the process it names when a standard page links here", async () => {
    window.history.replaceState(null, "", "/estimate?standard=std-one");
    await act(async () => {
      renderDesk();
    });
    expect(screen.getByLabelText("word standard")).toHaveValue("std-one");
    expect(screen.getByLabelText("word grade")).toHaveValue("Type X");
    expect(screen.getByLabelText("word process")).toHaveValue("colour");
  });
});
