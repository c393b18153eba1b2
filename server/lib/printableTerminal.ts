// Preloaded (node --import) by sitectl into the scripts it runs as a service's user, whose
// output goes straight to root's terminal: what they print of their service's records
// reaches it printable (./printable.ts).
import { printableTerminal } from "./printable";

printableTerminal();
