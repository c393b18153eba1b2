import { render } from "@testing-library/react";
import React from "react";
import { Grid } from "../../src/components/Grid";
import { columnsAt, columnsFor } from "../../src/components/Grid/columns";

describe("columnsFor", () => {
  it("takes as many columns as cards when they fit one row", () => {
    expect(columnsFor(2, 3)).toEqual({ columns: 2, lastSpans: false });
    expect(columnsFor(3, 3)).toEqual({ columns: 3, lastSpans: false });
  });

  it("never leaves one card alone on a last row when fewer columns avoid it", () => {
    expect(columnsFor(4, 3)).toEqual({ columns: 2, lastSpans: false });
    expect(columnsFor(5, 3)).toEqual({ columns: 3, lastSpans: false });
    expect(columnsFor(7, 4)).toEqual({ columns: 4, lastSpans: false });
    expect(columnsFor(10, 3)).toEqual({ columns: 2, lastSpans: false });
  });

  it("lets the last card span its row when every count leaves it alone", () => {
    expect(columnsFor(7, 3)).toEqual({ columns: 3, lastSpans: true });
    expect(columnsFor(3, 2)).toEqual({ columns: 2, lastSpans: true });
  });

  it("is one column where one is the most", () => {
    expect(columnsFor(5, 1)).toEqual({ columns: 1, lastSpans: false });
  });

  for (let count = 1; count <= 12; count++) {
    for (let max = 1; max <= 8; max++) {
      it(`${count} cards in at most ${max} columns: no lone card unless it spans the row`, () => {
        const { columns, lastSpans } = columnsFor(count, max);
        expect(columns).toBeGreaterThanOrEqual(1);
        expect(columns).toBeLessThanOrEqual(max);
        const alone = count > columns && count % columns === 1;
        expect(alone && !lastSpans && columns > 1).toBe(false);
      });
    }
  }
});

describe("columnsAt", () => {
  it("carries a breakpoint's maximum up to the next one named", () => {
    const at = columnsAt(4, { md: 2, xl: 4 });
    expect(at.xs.columns).toBe(1);
    expect(at.sm.columns).toBe(1);
    expect(at.md.columns).toBe(2);
    expect(at.lg.columns).toBe(2);
    expect(at.xl.columns).toBe(4);
  });
});

describe("Grid", () => {
  it("is a list whose column counts reach the CSS as custom properties", () => {
    const { container } = render(
      <Grid max={{ md: 2, lg: 3 }}>
        <li>One</li>
        <li>Two</li>
        <li>Three</li>
        <li>Four</li>
      </Grid>,
    );
    const list = container.querySelector("ul")!;
    expect(list.children).toHaveLength(4);
    expect(list.style.getPropertyValue("--xs")).toBe("1");
    expect(list.style.getPropertyValue("--md")).toBe("2");
    expect(list.style.getPropertyValue("--lg")).toBe("2");
    expect(list.style.getPropertyValue("--lg-last")).toBe("auto");
  });
});
