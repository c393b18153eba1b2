// The estimate desk as the browser tests use it: the desk a page carries, a part its
// content takes, the part typed in as a buyer does, and what src/estimate/ says of it.
// The browser lane (e2e/estimate.spec.ts) and the host test of the desk without
// JavaScript (server/tests/enquiry.spec.ts) share it.
import type { Page } from "@playwright/test";
import { answer } from "../src/estimate/answer";
import { linesOf } from "../src/estimate/details";
import { readPart, type Values } from "../src/estimate/form";
import { DESK_DATA_ID, type DeskPageData } from "../src/estimate/pageData";
import { fieldId } from "../src/estimate/problems";
import { say } from "../src/estimate/say";

/** The desk the page carries for the enquiry service: what the page answers from. */
export const deskOf = async (page: Page) =>
  JSON.parse((await page.locator(`#${DESK_DATA_ID}`).textContent()) ?? "null") as DeskPageData;

/**
 * A round bar the desk's first process takes, sized from a line that runs it: a tenth of
 * the tank's length and of its smaller side, half its heaviest part, ten a lot.
 */
export function partFor({ desk }: DeskPageData): Values {
  const process = desk.processes[0];
  const line = desk.plants.flatMap((plant) => plant.lines).find((one) => one.services.includes(process.service))!;
  const side = Math.min(line.tankWidth, line.tankDepth);
  return {
    process: process.service,
    thickness: String((process.thickness.from + process.thickness.to) / 2),
    areaMode: "roundBar",
    diameter: String(Math.round(side / 10)),
    length: String(Math.round(line.tankLength / 10)),
    mass: String(line.maxMass / 2),
    quantity: "10",
  };
}

export async function describePart(page: Page, part: Values) {
  await page.locator(`#${fieldId("process")}`).selectOption(part.process!);
  await page.locator(`input[name="areaMode"][value="${part.areaMode}"]`).check();
  for (const name of ["thickness", "diameter", "length", "mass", "quantity"] as const)
    await page.locator(`#${fieldId(name)}`).fill(part[name]!);
}

/** What the desk says of `part`, worked out by src/estimate/ from the page's own desk. */
export function expectedLines(data: DeskPageData, part: Values, today: string) {
  const read = readPart(part, {
    processes: data.desk.processes.map((process) => process.service),
    standards: data.standards,
    alloys: data.desk.alloys.map((alloy) => alloy.name),
  });
  if (!("part" in read)) throw new Error(`the test's part cannot be read: ${JSON.stringify(read.problems)}`);
  const found = answer(data.desk, read.part, today)!;
  return linesOf(
    say(data.desk, found, read.part, { locale: data.locale, process: data.processNames[read.part.service] }),
  ).map((line) => line.replace(/^! /, ""));
}

/** The answer's lines as the page shows them. */
export const shownLines = (page: Page) =>
  page.locator("#estimate-said li, #estimate-said p").evaluateAll((items) => items.map((item) => item.textContent));
