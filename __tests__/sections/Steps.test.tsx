import { render, screen } from "@testing-library/react";
import React from "react";
import { Steps } from "../../src/sections/Steps/Steps";

describe("Steps", () => {
  it("is an ordered list of the steps, each with its duration where it has one", () => {
    render(
      <Steps
        title="From enquiry to dispatch"
        steps={[
          { title: "Enquiry", text: "Send a drawing.", duration: "same day" },
          { title: "Sample", text: null, duration: null },
          { title: "Dispatch" },
        ]}
      />,
    );
    const list = screen.getByRole("list");
    expect(list.tagName).toBe("OL");
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("h3")?.textContent)).toEqual(["Enquiry", "Sample", "Dispatch"]);
    expect(items[0]).toHaveTextContent("same day");
    expect(items[1].querySelectorAll("p")).toHaveLength(0);
  });
});
