// CPU time measurement shared by scaling.mjs and its ajv worker (scaling-ajv.mjs).

// cpuNs is the CPU time (user and system, garbage collection included) of this process.
export function cpuNs() {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

// time runs call() for about `budget` seconds of CPU (at least 3 times) and returns the CPU
// time of one call in ns.
export function time(call, budget) {
  let runs = 0;
  const start = cpuNs();
  let used = 0;
  while (used < budget * 1e9 || runs < 3) {
    call();
    runs++;
    used = cpuNs() - start;
  }
  return used / runs;
}
