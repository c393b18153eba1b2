// Every check of the server, in the order `sitectl doctor` prints them; the watch
// (sitectl watch) runs the same.
import type { InstallSettings } from "../../installed/layout";
import { certificate } from "./certificate";
import { editorSecret, logins, repository } from "./editor";
import { enquiryStatus } from "../../installed/enquiries";
import { enquiries, enquirySecret, mailServer, recipient } from "./enquiries";
import type { Finding } from "./finding";
import { code, disk, memory, nginxConfig, services, siteAnswers, updates } from "./machine";
import { mirror } from "./mirror";
import { publishing } from "./publishing";
import { report } from "./report";

/** Every check, in the order doctor prints them. */
export async function allChecks(settings: InstallSettings): Promise<Finding[]> {
  const status = enquiryStatus();
  return [
    code(),
    ...services(settings),
    nginxConfig(),
    await siteAnswers(settings),
    ...(await certificate(settings)),
    ...publishing(),
    ...(await mirror()),
    ...disk(),
    ...repository(),
    logins(),
    editorSecret(),
    ...enquiries(),
    enquirySecret(),
    recipient(status),
    ...mailServer(status),
    report(),
    ...updates(),
    ...[memory()].filter((finding): finding is Finding => finding !== null),
  ];
}
