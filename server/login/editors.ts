// `npm run editors:add -- NAME` (password asked, or EDITOR_PASSWORD), `editors:remove -- NAME`,
// `editors:list`: the staff logins in EDITORS_FILE (default HOST_DIR/editors), which the login
// check (server/login/) alone reads; `sitectl editors` runs this as the login check's user.
import { ask, firstLineOfInput } from "../lib/ask";
import { readSettings } from "../lib/settings";
import { LOGIN_NAME } from "../lib/staffLogin";
import { MIN_PASSWORD_LENGTH, hashPassword, readLogins, writeLogins } from "./logins";

const [command, name] = process.argv.slice(2);
const file = readSettings().editorsFile;
const logins = readLogins(file);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  if (command === "list") {
    console.log(logins.size ? [...logins.keys()].join("\n") : `No logins in ${file}.`);
  } else if (command === "add") {
    if (!name || !LOGIN_NAME.test(name))
      fail("Usage: npm run editors:add -- NAME (lower-case letters, digits, . _ -; 2 to 32)");
    // Asked on a terminal; else its first line on standard input (deploy/install hands it
    // over so, never in an environment or argv); EDITOR_PASSWORD on a developer's machine.
    let password = process.env.EDITOR_PASSWORD ?? "";
    if (!password && process.stdin.isTTY) {
      password = await ask(`Password for ${name}: `, true);
      if ((await ask("Again: ", true)) !== password) fail("The two passwords differ; nothing changed.");
    } else if (!password) {
      password = await firstLineOfInput();
      if (!password) fail("Type the password in a terminal, or give it as the first line of standard input.");
    }
    if ([...password].length < MIN_PASSWORD_LENGTH)
      fail(`A password needs at least ${MIN_PASSWORD_LENGTH} characters; nothing changed.`);
    const existed = logins.has(name);
    logins.set(name, hashPassword(password));
    writeLogins(file, logins);
    console.log(`${existed ? "Changed" : "Added"} ${name} in ${file}.`);
  } else if (command === "remove") {
    if (!name || !logins.delete(name)) fail(`No login ${name ?? "(none given)"} in ${file}.`);
    writeLogins(file, logins);
    console.log(`Removed ${name} from ${file}.`);
  } else {
    fail("Usage: npm run editors:add -- NAME | editors:remove -- NAME | editors:list");
  }
}

void main();
