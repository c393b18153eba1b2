import { fireEvent, render, screen, within } from "@testing-library/react";
import React from "react";
import { Faq } from "../../src/sections/Faq/Faq";
import { questionIds } from "../../src/sections/Faq/questionId";

const questions = [
  { question: "Which alloys do you anodise?", answer: "Most wrought alloys.\n\nAsk us about castings." },
  { question: "क्या आप कास्टिंग करते हैं?", answer: "हाँ।" },
  { question: "Which alloys do you anodise?", answer: "Asked twice." },
  { question: "</script><b>", answer: "<i>not markup</i>" },
];

describe("Faq", () => {
  it("is a titled section whose questions open to their answers, each with an id to link to", () => {
    render(<Faq anchor="questions" title="Questions buyers ask" questions={questions} />);
    const section = screen.getByRole("region", { name: "Questions buyers ask" });
    const items = section.querySelectorAll("details");
    expect([...items].map((item) => item.id)).toEqual([
      "questions-which-alloys-do-you-anodise",
      "questions-2",
      "questions-which-alloys-do-you-anodise-3",
      "questions-script-b",
    ]);
    // Closed until asked; the question is the control that opens it.
    expect(items[0]).not.toHaveAttribute("open");
    fireEvent.click(within(items[0] as HTMLElement).getByText(questions[0].question));
    expect(items[0].querySelectorAll("p")).toHaveLength(2);
    // Text stays text: nothing a staff member types becomes markup.
    expect(items[3].querySelector("i")).toBeNull();
  });

  it("writes no FAQPage markup: the answers are the page's text (FAQ rich results ended in May 2026)", () => {
    const { container } = render(<Faq title="Questions" questions={questions} />);
    expect(container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it("names questions without a section anchor under faq, and never twice", () => {
    const ids = questionIds(
      null,
      Array.from({ length: 20 }, () => ({ question: "Same?" })),
    );
    expect(ids[0]).toBe("faq-same");
    expect(new Set(ids).size).toBe(20);
  });
});
