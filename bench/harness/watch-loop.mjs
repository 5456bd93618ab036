import { performance } from 'node:perf_hooks';

/**
 * Watches the event loop with a 1 ms timer. `stop()` gives the longest gap between two ticks in
 * wall time, and in CPU time of this process: on a shared machine the wall gap includes the
 * time other processes had the CPU, the CPU gap is what this process spent without yielding.
 */
export function watchLoop() {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let longestCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    longest = Math.max(longest, now - last - 1);
    longestCpu = Math.max(longestCpu, (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  return {
    stop() {
      // The stretch since the last tick counts too: one long block may have held every tick back.
      tick();
      clearInterval(timer);
      return {
        wallMs: longest,
        cpuMs: longestCpu,
        text: `${longest.toFixed(1)} ms wall, ${longestCpu.toFixed(1)} ms CPU`,
      };
    },
  };
}
