// Runs one command for the publisher and makes sure nothing of it outlives the publisher.
// The publisher starts this script as the leader of a new process group, with a pipe as
// its stdin. When the publisher dies, even by kill -9, the kernel closes that pipe; this
// script then kills its whole group: the command and every process the command started
// (Gatsby's workers). Plain JavaScript, so it starts without a compiler.
import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
const killGroup = () => {
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    process.exit(1);
  }
};
process.stdin.on("end", killGroup);
process.stdin.on("error", killGroup);
process.stdin.resume();
process.on("SIGTERM", killGroup);

const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
child.on("error", (error) => {
  console.error(`could not start ${command}: ${error.message}`);
  process.exit(127);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
