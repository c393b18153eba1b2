// The watch's root part gathers each fact on its own (rootFacts.ts): one that failed this
// time (a command that hung, a listing a service made huge) is one problem of its own, and
// every other check runs on facts gathered now.
import { printable } from "../../lib/printable";
import { failing, type Check } from "./check";
import { ok } from "./finding";

export const watchFacts: Check = {
  id: "watch-facts",
  blips: 1,
  notice: "nothing yet, but one of the server's checks is blind",
  fix: "sitectl logs watch; systemctl status anodising-watch-facts.service",
  run: ({ facts }) => {
    const unfinished = Object.entries(facts.unfinished ?? {});
    if (!unfinished.length) return [ok("everything only root sees was gathered for this run")];
    return unfinished.map(([name, reason]) =>
      failing(`root's fact "${name}" could not be gathered: ${printable(reason).slice(0, 300)}`, {
        id: `watch-facts:${name}`,
      }),
    );
  },
};
