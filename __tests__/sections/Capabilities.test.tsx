import { render, screen, within } from "@testing-library/react";
import React from "react";
import { Capabilities } from "../../src/sections/Capabilities/Capabilities";

const columns = { property: "Property", value: "Value", unit: "Unit", standard: "Standard" };

describe("Capabilities", () => {
  it("is a table with column and row headers, grouped under subheadings", () => {
    render(
      <Capabilities
        title="Capabilities"
        columns={columns}
        groups={[
          { heading: "Parts", rows: [{ property: "Maximum length", value: "3000", unit: "mm", standard: null }] },
          { rows: [{ property: "Thickness", value: "30–150", unit: "µm", standard: "MIL-A-8625 Type III" }] },
        ]}
      />,
    );
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Property", "Value", "Unit", "Standard", "Parts"]);
    const rowHeader = within(table).getByRole("rowheader", { name: "Maximum length" });
    expect(rowHeader).toHaveAttribute("scope", "row");
    // Each value carries its column's heading, shown before it on a phone.
    const cells = within(rowHeader.closest("tr")!).getAllByRole("cell");
    expect(cells.map((cell) => [cell.getAttribute("data-label"), cell.textContent])).toEqual([
      ["Value", "3000"],
      ["Unit", "mm"],
      ["Standard", ""],
    ]);
  });

  it("leaves out the unit and standard columns when no row fills them", () => {
    render(<Capabilities title="Alloys" columns={columns} groups={[{ rows: [{ property: "6061", value: "yes" }] }]} />);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Property", "Value"]);
  });
});
