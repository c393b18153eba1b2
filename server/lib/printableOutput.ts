// Preloaded (node --import) by sitectl into the scripts it runs as a service's user, whose
// output reaches root's terminal, a pipe or a file: what they print of their service's
// records comes out printable wherever it goes (./printable.ts).
import { printableOutput } from "./printable";

printableOutput();
