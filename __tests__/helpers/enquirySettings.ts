import { settingsFromContent } from "../../src/build/enquirySettings";
import { formFields, questionFields } from "../../src/enquiry/rules";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT } from "./contentCopy";

/** The settings the build writes for the enquiry service, from the tests' fixture content. */
export function fixtureEnquirySettings() {
  // As the build writes them: the English form, and each language it is published in.
  return settingsFromContent(loadContent(FIXTURE_PROJECT).files);
}

/** A valid answer to each of the settings' questions: its first option, a day, or some words. */
export function validAnswers(settings: ReturnType<typeof fixtureEnquirySettings>): Record<string, string> {
  return Object.fromEntries(
    questionFields(formFields(settings.form)).map((question) => [
      question.name,
      question.options?.[0] ?? (question.input === "date" ? "2027-03-31" : "ISO 7599"),
    ]),
  );
}

/** A form the fixture content's rules accept: a buyer's fixed fields and a valid answer to each question. */
export function validForm(settings: ReturnType<typeof fixtureEnquirySettings>): Record<string, string> {
  return {
    name: "Asha Rao",
    email: "asha@rao.test",
    phone: "+91 98765 43210",
    service: settings.services[0].slug,
    message: "Hard anodising, 50 µm.",
    consent: "yes",
    ...validAnswers(settings),
  };
}
