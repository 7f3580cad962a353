/**
 * CPU time of this process (ms), every thread's: a guard against a blow-up (work that grows
 * with the square of the input) that other work on the machine does not trip, as wall time does.
 */
export const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
