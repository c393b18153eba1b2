import { MAX_ESTIMATE_CHARS, decodeEstimate, encodeEstimate, quoteHref } from "../../src/estimate/carry";
import { detailsOf } from "../../src/estimate/details";
import { desk, shaftValues } from "./desk";

const shaft = shaftValues;

describe("an estimate carried to the quote form", () => {
  it("goes as the desk's figures and comes back the same", () => {
    expect(decodeEstimate(encodeEstimate(shaft))).toEqual(shaft);
  });

  it("leaves out empty figures and reads nothing but the desk's fields", () => {
    expect(encodeEstimate({ ...shaft, lots: "" })).not.toContain("lots");
    expect(decodeEstimate("process=hard&price=1&name=Asha")).toEqual({ process: "hard" });
  });

  it("reads no more than its bound, and each figure cut to a sane length", () => {
    const long = `thickness=${"9".repeat(MAX_ESTIMATE_CHARS * 2)}`;
    expect(decodeEstimate(long).thickness!.length).toBeLessThanOrEqual(200);
  });

  it("leads to the quote form with the process chosen and the figures in the address", () => {
    const href = quoteHref("/ask", shaft);
    const url = new URL(href, "https://example.test");
    expect(url.pathname).toBe("/ask");
    expect(url.searchParams.get("service")).toBe("hard");
    expect(decodeEstimate(url.searchParams.get("estimate")!)).toEqual(shaft);
  });
});

describe("what staff are shown of it", () => {
  const data = { desk: desk(), processNames: { hard: "Hard" }, standards: [], locale: "en-IN" };
  const today = new Date().toISOString().slice(0, 10);
  data.desk.processes.forEach((process) => (process.leadTime.setOn = today));

  it("names each figure by the desk's label and each choice as the desk shows it", () => {
    const { inputs } = detailsOf(data, shaft, today);
    expect(inputs).toContainEqual({ label: "word process", value: "Hard" });
    expect(inputs).toContainEqual({ label: "word shape", value: "word roundBar" });
    expect(inputs).toContainEqual({ label: "word thickness", value: "50" });
  });

  it("says every line the buyer saw: the checks, the build-up, the lead time", () => {
    const { lines } = detailsOf(data, shaft, today);
    expect(lines.some((line) => line.startsWith("thicknessIn 50"))).toBe(true);
    expect(lines).toContain("perSurface 25");
    expect(lines.some((line) => line.startsWith("leadTime"))).toBe(true);
  });

  it("keeps the figures, with no lines, when the desk cannot read them", () => {
    const { inputs, lines } = detailsOf(data, { ...shaft, quantity: "many" }, today);
    expect(inputs).toContainEqual({ label: "word quantity", value: "many" });
    expect(lines).toEqual([]);
  });
});
