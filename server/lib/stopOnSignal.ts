// A oneshot service's main module imports this first. Each site unit runs in a PID
// namespace of its own (PrivatePIDs=), where its first process is PID 1, and PID 1 gets no
// default action for SIGTERM: without a handler, `systemctl stop` would wait out the
// unit's whole stop timeout. The long-running services close their servers on it instead.
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => process.exit(128 + (signal === "SIGTERM" ? 15 : 2)));
