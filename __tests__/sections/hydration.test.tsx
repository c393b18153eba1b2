// Every kind of section, drawn by the build and hydrated as a visitor's browser does
// (issue 28): the kinds without behaviour keep the build's HTML untouched (ServerHtml),
// the interactive ones become ready (data-ready="true"), and React reports no mismatch.
// The examples come from each section's own folder (schema.ts), checked by the validator
// and shaped by the editor's preview code as the page query shapes content, so a new
// kind is tested here without touching this file.
import { waitFor } from "@testing-library/react";
import React, { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { setHydrating } from "../../src/browser/hydration";
import { previewEntry } from "../../src/cms/previewData";
import { sectionExamples, sectionTypes, serviceSchema } from "../../src/schema/content";
import { object } from "../../src/schema/fields";
import { today } from "../../src/schema/expiry";
import { isInteractive, Sections, type SectionData } from "../../src/sections/Sections";
import { carouselCodeLoaded, carouselLabels, clientsProps, setReducedMotion } from "../helpers/fixtures";

const kinds = Object.keys(sectionTypes) as (keyof typeof sectionTypes)[];
// The sections field every page has (the service page's, the home page's alike).
const page = object("Page", { sections: serviceSchema.fields.sections });

/** Every example as the page query returns it, in the schema's order of kinds. */
function everyKind(): SectionData[] {
  const preview = previewEntry(
    page,
    { sections: kinds.map((type) => ({ type, ...sectionExamples[type] })) },
    (path) => `/static/${path}`,
  );
  if (preview.problems) throw new Error(`An example is not valid content: ${JSON.stringify(preview.problems)}`);
  return preview.data.sections as unknown as SectionData[];
}

beforeAll(carouselCodeLoaded);
beforeEach(() => setReducedMotion(true));
afterEach(() => setHydrating(false));

test("each kind's example is valid content", () => {
  expect(everyKind().map((section) => section.__typename)).toHaveLength(kinds.length);
});

test("every kind of section hydrates: the plain ones keep the build's HTML, the interactive ones become ready", async () => {
  const data = everyKind();
  const view = <Sections sections={data} labels={carouselLabels} clients={clientsProps} today={today()} />;
  const container = document.createElement("div");
  container.innerHTML = renderToString(view);
  document.body.append(container);
  const built = [...container.querySelectorAll("section")].map((section) => section.outerHTML);
  expect(built).toHaveLength(kinds.length);

  const errors: unknown[] = [];
  setHydrating(true);
  await act(async () => {
    hydrateRoot(container, view, { onRecoverableError: (error) => errors.push(error) });
  });
  setHydrating(false);

  const interactive = data.map((section) => isInteractive(section.__typename));
  // At least one kind has behaviour, or this test would prove nothing about hydration.
  expect(interactive).toContain(true);
  await waitFor(() => {
    const shown = [...container.querySelectorAll("section")];
    data.forEach((section, index) => {
      const ready = shown[index].querySelector('[data-ready="true"]') !== null;
      expect([section.__typename, ready]).toEqual([section.__typename, interactive[index]]);
    });
  });
  const shown = [...container.querySelectorAll("section")];
  data.forEach((section, index) => {
    if (!interactive[index])
      expect([section.__typename, shown[index].outerHTML]).toEqual([section.__typename, built[index]]);
  });
  expect(errors).toEqual([]);
  container.remove();
});
