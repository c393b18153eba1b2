import { enquirySettings } from "../../src/build/enquirySettings";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT } from "./contentCopy";

/** The settings the build writes for the enquiry service, from the tests' fixture content. */
export function fixtureEnquirySettings() {
  const { files } = loadContent(FIXTURE_PROJECT);
  const data = (file: string) => files.find((loaded) => loaded.file === file)!.data as never;
  return enquirySettings(
    data("content/enquiry.yaml"),
    data("content/site.yaml"),
    files.filter((loaded) => loaded.file.startsWith("content/services/")).map((loaded) => loaded.data as never),
  );
}
