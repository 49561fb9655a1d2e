/**
 * CPU time this process spent since `start()` (user + system, in ms). Tests that guard against
 * runaway work (catastrophic regexes, quadratic loops) compare CPU time, not wall time: on a busy
 * machine wall time also counts the time other processes held the cores, and such a test failed
 * on a 2-core CI box under load (5.7 s wall for work that takes ~0.3 s of CPU).
 */
export function cpuClock() {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}
